import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const ROOT = resolve(__dirname, '../../..');
const YAML = join(ROOT, 'test/fixtures/grammars');
const FILES: Record<string, string> = {
  'source.yaml': 'yaml.tmLanguage.json',
  'source.yaml.1.3': 'yaml-1.3.tmLanguage.json',
  'source.yaml.1.2': 'yaml-1.2.tmLanguage.json',
  'source.yaml.1.1': 'yaml-1.1.tmLanguage.json',
  'source.yaml.1.0': 'yaml-1.0.tmLanguage.json',
  'source.yaml.embedded': 'yaml-embedded.tmLanguage.json',
};

/** Tokens of a YAML text with VS Code's YAML grammar and our injection, as package.json wires it. */
async function tokenize(text: string): Promise<{ text: string; scopes: string[] }[]> {
  await oniguruma.loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const injection = manifest.contributes.grammars[0] as { scopeName: string; path: string; injectTo: string[] };
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (s: string[]) => new oniguruma.OnigScanner(s), createOnigString: (s: string) => new oniguruma.OnigString(s) }),
    loadGrammar: (scope) => {
      if (FILES[scope]) return Promise.resolve(vsctm.parseRawGrammar(readFileSync(join(YAML, FILES[scope]), 'utf8'), FILES[scope]));
      if (scope === injection.scopeName) return Promise.resolve(vsctm.parseRawGrammar(readFileSync(join(ROOT, injection.path), 'utf8'), injection.path));
      return Promise.resolve(null);
    },
    getInjections: (scope) => (injection.injectTo.includes(scope) ? [injection.scopeName] : undefined),
  });
  const grammar = (await registry.loadGrammar('source.yaml'))!;
  let state = vsctm.INITIAL;
  const out: { text: string; scopes: string[] }[] = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    state = r.ruleStack;
  }
  return out;
}

describe('the fixture YAML injection grammar', function () {
  this.timeout(20_000);

  it('marks HIGH, MEDIUM, resolutions and symbol names, and nothing inside strings or comments', async () => {
    const text = readFileSync(join(ROOT, 'corpus/tasks/bookshop/easy/01-bulk-discount.yaml'), 'utf8');
    const tokens = await tokenize(`${text}# a comment: HIGH\nnotes: "confidence: HIGH in a string"\n`);
    const marked = (suffix: string) => tokens.filter((t) => t.scopes.some((s) => s.endsWith(suffix))).map((t) => t.text.trim().replace(/^"|"$/g, ''));
    // Every value the file holds: 9 candidates + 5 ground truth + 10 rater labels + 3 disputes.
    assert.equal(marked('symbol.fixture-lab').length, 27);
    assert.ok(marked('symbol.fixture-lab').includes('shop/pricing.DISCOUNT_CAP_PERCENT'));
    assert.deepEqual([...new Set(marked('confidence.high.fixture-lab'))], ['HIGH']);
    assert.equal(marked('confidence.high.fixture-lab').length, 8);
    assert.equal(marked('confidence.medium.fixture-lab').length, 7);
    assert.deepEqual(marked('resolution.excluded.fixture-lab'), ['excluded']);
    assert.deepEqual(marked('resolution.included.fixture-lab'), ['included', 'included']);
    const inComment = tokens.filter((t) => t.scopes.some((s) => s.startsWith('comment')) && t.scopes.some((s) => s.endsWith('.fixture-lab')));
    assert.deepEqual(inComment, []);
  });
});
