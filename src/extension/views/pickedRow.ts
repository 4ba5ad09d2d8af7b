// What a click on a Settle or To judge row opens: the row selected last, in whichever of the two
// views was selected last (their click commands carry no arguments, as selection.ts says why).
import { drawnSelection, pause, SelectionSource } from './selection';

/** A row's symbol, when the node is a row with one. */
function symbolOf(node: unknown): string | undefined {
  return node && typeof node === 'object' && 'symbol' in node && typeof node.symbol === 'string' ? node.symbol : undefined;
}

export class PickedRow {
  private view?: SelectionSource;
  /** A selection change not yet answered by a click. */
  private fresh = false;

  /** `view`'s selection changed (VS Code sends it before the click's command, or just after). */
  selected(view: SelectionSource): void {
    this.view = view;
    this.fresh = true;
  }

  /**
   * The symbol of the row the click was on: a new selection, or (clicked again, nothing new) the
   * last one; a row still being redrawn is waited for (drawnSelection), each wait within `waitMs`.
   */
  async take(waitMs = 2_000): Promise<string | undefined> {
    const deadline = Date.now() + waitMs;
    while (!this.fresh && Date.now() < deadline) await pause(50);
    this.fresh = false;
    return symbolOf(await drawnSelection(this.view, waitMs));
  }
}
