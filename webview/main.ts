// The panel's browser bundle. It reports ready and renders what the host sends as text, never HTML.
import type { HostMessage, WebviewMessage } from './protocol';

declare function acquireVsCodeApi(): { postMessage(message: WebviewMessage): void };

const vscode = acquireVsCodeApi();
window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  if (message.type === 'fixture') {
    const root = document.getElementById('root');
    if (root) root.textContent = `${message.id}: ${message.task}`;
  }
});
vscode.postMessage({ type: 'ready' });
