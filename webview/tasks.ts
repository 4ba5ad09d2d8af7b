// The page's long work is cut into tasks, the page answering clicks and keys in between (issue 17:
// no main-thread task over 50 ms while the panel opens or a tab switches).

/** Lets the page answer a click or a key between two steps. */
export const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once the next frame has been laid out and painted: work begun then does not pay for the
 * layout of what came before it. A page VS Code keeps hidden gets no frames: then after 100 ms.
 */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}
