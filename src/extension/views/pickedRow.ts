// What a click on a Settle or To judge row opens: the row selected in the view clicked. Each view's
// rows carry a command of their own, without arguments (selection.ts says why), so the command names
// the view; one shared command had to guess it from the view selected last, and a click on a row
// already selected in one view, after a selection in the other, opened the other view's row.
import { drawnSelection, pause, REDRAW_WAIT_MS, SelectionSource } from './selection';

/** The two views whose rows open their symbol's code. */
export type PickedView = 'settle' | 'toJudge';

/** A row's symbol, when the node is a row with one. */
function symbolOf(node: unknown): string | undefined {
  return node && typeof node === 'object' && 'symbol' in node && typeof node.symbol === 'string' ? node.symbol : undefined;
}

export class PickedRow {
  private readonly views = new Map<PickedView, SelectionSource>();
  /** Views with a selection change not yet answered by a click. */
  private readonly fresh = new Set<PickedView>();

  /** The tree view showing `name`'s rows. */
  attach(name: PickedView, view: SelectionSource): void {
    this.views.set(name, view);
  }

  /** `name`'s selection changed (VS Code sends it before the click's command, or just after). */
  selected(name: PickedView): void {
    this.fresh.add(name);
  }

  /**
   * The symbol of the row clicked in `name`: a new selection there, or (clicked again, nothing new)
   * its selected row (a new selection waited for within `freshMs`); a row still being redrawn is
   * waited for (drawnSelection) within `redrawMs`.
   */
  async take(name: PickedView, freshMs = 2_000, redrawMs = REDRAW_WAIT_MS): Promise<string | undefined> {
    const deadline = Date.now() + freshMs;
    while (!this.fresh.has(name) && Date.now() < deadline) await pause(50);
    this.fresh.delete(name);
    return symbolOf(await drawnSelection(this.views.get(name), redrawMs));
  }
}
