// The panel's page, built by the host (panel.ts beside it) and by the Chromium tests.
// Pure: no DOM and no Node APIs at module load, so both the extension host and the browser tests
// can import it. The page holds no inline script or style: everything the webview does comes from
// the nonce'd bundle and the stylesheet, which is what lets the CSP forbid 'unsafe-inline'.

export interface PanelHtmlOptions {
  /** dist/webview.js as a webview URI. */
  scriptUri: string;
  /** media/panel.css as a webview URI. */
  styleUri: string;
  /** codicon.css as a webview URI, for <vscode-icon> (looked up by its id, vscode-codicon-stylesheet). */
  codiconsUri?: string;
  /** webview.cspSource: the origin the webview's own resources come from. */
  cspSource: string;
  /** A fresh nonce per page (nonce()). */
  nonce: string;
}

/** The Content-Security-Policy of the page: nothing inline, nothing evaluated, resources from the extension only. */
export function panelCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ') + ';';
}

export function panelHtml(o: PanelHtmlOptions): string {
  const codicons = o.codiconsUri ? `\n  <link rel="stylesheet" id="vscode-codicon-stylesheet" href="${attr(o.codiconsUri)}">` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${attr(panelCsp(o.cspSource, o.nonce))}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link rel="stylesheet" href="${attr(o.styleUri)}">${codicons}
  <title>Fixture Lab: Benchmark</title>
</head>
<body>
  <main id="root" class="panel"></main>
  <script nonce="${attr(o.nonce)}" src="${attr(o.scriptUri)}"></script>
</body>
</html>
`;
}

/** 128 random bits as hex, from Web Crypto (a global in Node 20 and in browsers alike). */
export function nonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** URIs and the nonce go into attributes: escape them, even though the host made them. */
function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
