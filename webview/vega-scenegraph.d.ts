// The part of vega-scenegraph (vega's renderers, a dependency of vega) the panel's page uses: it
// ships no types, and vega's own typings leave these out.
declare module 'vega-scenegraph' {
  /** A scenegraph node, as core/charts/compile.ts serialized it. */
  export type Scene = object;
  export type Tooltip = (handler: unknown, event: Event, item: unknown, value: unknown) => void;

  interface Renderer {
    initialize(el: HTMLElement, width: number, height: number, origin: readonly number[]): this;
    background(color: string): this;
    render(scene: Scene): this;
  }

  interface Handler {
    initialize(el: HTMLElement, origin: readonly number[], obj: unknown): this;
    scene(scene: Scene): this;
  }

  /** Links each node to its parent and measures the marks' bounds. */
  export function sceneFromJSON(scene: Scene): Scene;
  export const SVGRenderer: new () => Renderer;
  export const CanvasRenderer: new () => Renderer;
  export const SVGHandler: new (loader: undefined, tooltip: Tooltip) => Handler;
  export const CanvasHandler: new (loader: undefined, tooltip: Tooltip) => Handler;
}
