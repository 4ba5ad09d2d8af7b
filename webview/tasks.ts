// The page's long work is cut into tasks, the page answering clicks and keys in between (issue 17:
// no main-thread task over 50 ms while the panel opens or a tab switches).

/** Lets the page answer a click or a key between two steps. */
export const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));
