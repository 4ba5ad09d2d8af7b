// The one message protocol between the extension and the panel's webview; both bundles import it.
// The benchmark panel (a later issue) adds its messages here.

/** Webview -> extension. */
export type WebviewMessage = { type: 'ready' };

/** Extension -> webview. */
export type HostMessage = { type: 'fixture'; id: string; task: string };
