// What the journeys share: waiting for a condition, and asking the outer runner (code-server
// runs: test/vscode/integration.mjs) for what only a browser can do — a screenshot of the
// workbench, the text a webview shows, a click inside a webview. Requests are files in the
// FIXTURE_LAB_SCREENSHOTS folder; without it (desktop VS Code) the webview helpers answer
// undefined and the journeys go through commands instead.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Retries `check` every 100 ms until it passes, or rethrows its error after `timeoutMs`: a bound for
 * a state to arrive, never a timing the test assumes (30 s by default: on the shared two-core
 * machine, with the unit tests beside the passes, the extension host and the page answer slowly).
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const requests = () => process.env.FIXTURE_LAB_SCREENSHOTS;

/** Asks the outer runner for a screenshot of the workbench (code-server runs only). */
export async function screenshot(name: string): Promise<void> {
  const dir = requests();
  if (!dir) return;
  await new Promise((resolve) => setTimeout(resolve, 400)); // let the screen settle
  writeFileSync(join(dir, `${name}.request`), '');
  await eventually(() => assert.ok(existsSync(join(dir, `${name}.png`))), 10_000).catch(() => undefined);
}

/** An element of a webview's page, as `webview.elements` reads it: its tag and every attribute. */
export interface PageElement {
  tag: string;
  attrs: Record<string, string>;
}

interface WebviewAnswer {
  ok: boolean;
  text?: string;
  elements?: PageElement[];
  error?: string;
}

async function ask(name: string, request: { action: 'text' | 'click' | 'elements'; selector: string; contains?: string }): Promise<WebviewAnswer | undefined> {
  const dir = requests();
  if (!dir) return undefined;
  const answer = join(dir, `${name}.webview.out`);
  rmSync(answer, { force: true });
  writeFileSync(join(dir, `${name}.webview.json`), JSON.stringify(request));
  return eventually(() => JSON.parse(readFileSync(answer, 'utf8')) as WebviewAnswer, 90_000);
}

export const webview = {
  /** The text of the webview showing `selector` (once it holds `contains`), or undefined outside code-server. */
  async text(name: string, selector = '#root', contains?: string): Promise<string | undefined> {
    const answer = await ask(name, { action: 'text', selector, ...(contains ? { contains } : {}) });
    if (answer && !answer.ok) throw new Error(`webview text ${selector}: ${answer.error}`);
    return answer?.text;
  },
  /**
   * Every element inside the first match of `selector` (itself included, shown or not) once the
   * webview's text holds `contains`, with its page text; undefined outside code-server.
   */
  async elements(name: string, selector = '#root', contains?: string): Promise<{ text: string; elements: PageElement[] } | undefined> {
    const answer = await ask(name, { action: 'elements', selector, ...(contains ? { contains } : {}) });
    if (answer && !answer.ok) throw new Error(`webview elements ${selector}: ${answer.error}`);
    return answer && { text: answer.text!, elements: answer.elements! };
  },
  /** Clicks `selector` inside the webview that shows it; false outside code-server. */
  async click(name: string, selector: string): Promise<boolean> {
    const answer = await ask(name, { action: 'click', selector });
    if (answer && !answer.ok) throw new Error(`webview click ${selector}: ${answer.error}`);
    return answer !== undefined;
  },
};
