// A tab's content drawn only while the tab is shown, and again when its data changes (for charts,
// a new color theme is new data: the host makes them again in it). The table and the matrix must not wait for the returned lists or the
// charts, which are most of the page's work and sit in tabs that are usually closed.

export class DeferredPane {
  private draw?: (element: HTMLElement) => void;
  private visible = false;
  private dirty = false;

  constructor(readonly element: HTMLElement) {}

  /** What to draw; drawn now if the tab is shown, else when it is. */
  set(draw: (element: HTMLElement) => void): void {
    this.draw = draw;
    this.invalidate();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.flush();
  }

  /** Something the drawing depends on changed: draw again (now, or when shown). */
  invalidate(): void {
    this.dirty = true;
    this.flush();
  }

  private flush(): void {
    if (!this.visible || !this.dirty || !this.draw) return;
    this.dirty = false;
    this.draw(this.element);
  }
}
