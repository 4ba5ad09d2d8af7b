// The row a click on a tree view's row is about, read from the view's selection. The views' click
// commands carry no arguments: a refresh drops the commands of the rows it replaces, and a click on
// one not yet redrawn would fail with "Actual command not found". No `vscode` import: a view is
// read through its `selection` alone (unit-tested with a stand-in).

/** The part of a `vscode.TreeView` read here: its selection, resolved anew on each read. */
export interface SelectionSource {
  readonly selection: readonly unknown[];
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The view's selected row, once it has one (within `waitMs`). A click while the view refreshes
 * selects a row VS Code is still redrawing: until it is back, the extension host cannot resolve it
 * and `selection` is empty; each read resolves it anew.
 */
export async function drawnSelection(view: SelectionSource | undefined, waitMs = 2_000): Promise<unknown> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const node = view?.selection[0];
    if (node !== undefined || Date.now() >= deadline) return node;
    await pause(50);
  }
}
