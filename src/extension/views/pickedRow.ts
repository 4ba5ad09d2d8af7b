// What a click on a Settle or To judge row opens. The rows' click command carries no arguments (a
// refresh drops the commands of the rows it replaces: a click on one not yet redrawn would fail with
// "Actual command not found"), so the click opens the row selected last, in whichever of the two
// views was selected last. No `vscode` import: the views are read through their `selection` alone.

/** The part of a `vscode.TreeView` read here: its selection, resolved anew on each read. */
export interface SelectionSource {
  readonly selection: readonly unknown[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
   * The symbol of the row the click was on: a new selection, or (clicked again, nothing new) the last
   * one. A click while its view refreshes selects a row VS Code is still redrawing: the view's
   * `selection` is empty until the row is back, so it is read again until it is (within `waitMs`).
   */
  async take(waitMs = 2_000): Promise<string | undefined> {
    let deadline = Date.now() + waitMs;
    while (!this.fresh && Date.now() < deadline) await pause(50);
    this.fresh = false;
    deadline = Date.now() + waitMs;
    for (;;) {
      const symbol = symbolOf(this.view?.selection[0]);
      if (symbol || Date.now() >= deadline) return symbol;
      await pause(50);
    }
  }
}
