// A change's head side is parsed incrementally from its base side's tree (src/core/symbols/parser.ts):
// the tree must be the one a parse from scratch gives (its S-expression, and node for node: type, range, field, named or missing),
// on every pair of versions of a file in the stored repositories (flask, ky, cobra), and on
// generated edits at the edges (an empty side, a change at the very start or end, CRLF, astral
// characters, whose UTF-16 offsets differ from their code points).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Tree } from 'web-tree-sitter';
import { languageOf } from '../../src/core';
import { LanguageId } from '../../src/core/symbols/languages';
import { editBetween, parserFor, reparsedFrom } from '../../src/core/symbols/parser';
import { ROOT } from '../helpers/demoCorpus';

const STORED = ['test/data/flask', 'test/data/candidates/flask', 'test/data/candidates/ky', 'test/data/candidates/cobra'];

interface Stored {
  revisions: { files: Record<string, string> }[];
  blobs: Record<string, string>;
}

/** Every node of the tree in document order, with what a rule can read of it. */
function dump(tree: Tree): string[] {
  const out: string[] = [];
  const cursor = tree.walk();
  for (let depth = 0, more = true; more; ) {
    const [start, end] = [cursor.startPosition, cursor.endPosition];
    out.push(`${depth} ${cursor.currentFieldName ?? '-'} ${cursor.nodeType} ${cursor.nodeIsNamed ? 'n' : 'a'}${cursor.nodeIsMissing ? 'm' : ''}`
      + ` ${cursor.startIndex}-${cursor.endIndex} ${start.row}:${start.column}-${end.row}:${end.column}`);
    if (cursor.gotoFirstChild()) {
      depth++;
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        more = false;
        break;
      }
      depth--;
    }
  }
  cursor.delete();
  return out;
}

/** Compares the incremental tree with a parse from scratch; false when the incremental path declined (a side with errors). */
async function sameTree(language: LanguageId, previous: string, text: string, label: string, full = false): Promise<boolean> {
  const incremental = await reparsedFrom(language, previous, text);
  if (!incremental) return false;
  const fresh = (await parserFor(language)).parse(text)!;
  try {
    // The S-expression (types, fields, missing nodes; one call into WebAssembly) always, every node's range too for files under 16K characters.
    assert.equal(incremental.rootNode.toString(), fresh.rootNode.toString(), `${label}: the trees' shapes differ`);
    if (text.length > 16_000 && !full) return true;
    const a = dump(incremental);
    const b = dump(fresh);
    const at = a.findIndex((line, i) => line !== b[i]);
    assert.ok(at < 0 && a.length === b.length, `${label}: node ${at}: incremental ${a[at]} vs from scratch ${b[at]}`);
    return true;
  } finally {
    incremental.delete();
    fresh.delete();
  }
}

describe('incremental parsing of a change\'s head side from its base side', function () {
  this.timeout(600_000);

  it('gives the tree a parse from scratch gives, on every pair of versions of a file in the stored repositories', async () => {
    let compared = 0;
    let declined = 0;
    for (const dir of STORED) {
      const stored = JSON.parse(brotliDecompressSync(readFileSync(join(ROOT, dir, 'changes.json.br'))).toString('utf8')) as Stored;
      const versions = new Map<string, Set<string>>();
      for (const r of stored.revisions) for (const [path, blob] of Object.entries(r.files)) if (languageOf(path)) versions.set(path, (versions.get(path) ?? new Set()).add(blob));
      for (const [path, blobs] of versions) {
        const texts = [...blobs].map((b) => stored.blobs[b]);
        for (let i = 1; i < texts.length; i++) {
          if (await sameTree(languageOf(path)!, texts[i - 1], texts[i], `${dir}:${path} version ${i}`)) compared++;
          else declined++;
        }
      }
    }
    // Most pairs parse without errors; the test must not pass by declining them.
    assert.ok(compared >= 100 && compared > declined * 4, `${compared} pairs compared, ${declined} declined`);
    console.log(`      ${compared} pairs compared, ${declined} declined`);
  });

  it('gives the same tree on edits at the edges: an empty side, the first and last character, CRLF, astral characters', async () => {
    const py = 'import os\r\n\r\nclass A:\r\n    """😀 doc 𝔘"""\r\n    def f(self, x):\r\n        return x + 1\r\n\r\ndef g():\r\n    return "é😀"\r\n';
    const ts = 'export class Cart { add(x: number): void {} }\nconst s = "😀𝔘";\nexport function total(): number { return 1; }\n';
    const cases: [LanguageId, string, string][] = [
      ['python', '', py],
      ['python', py, ''],
      ['python', py, `#${py}`],
      ['python', py, `${py}x = 1\r\n`],
      ['python', py, py.replace('😀 doc', 'doc 😀😀')],
      ['python', py, py.replace('return x + 1', 'return x + "𝔘"')],
      ['python', py, py.replace('\r\n\r\ndef g', '\r\n\r\nclass B:\r\n    pass\r\n\r\ndef g')],
      ['typescript', ts, ts.replace('"😀𝔘"', '"𝔘"')],
      ['typescript', ts, ts.replace('add(x: number)', 'add(x: number, y = "😀")')],
      ['typescript', ts, `${ts}export const later = 2;\n`],
    ];
    let compared = 0;
    for (const [language, before, after] of cases) if (await sameTree(language, before, after, `${language} ${JSON.stringify(after).slice(0, 60)}`, true)) compared++;
    assert.equal(compared, cases.length);
  });

  it('names the edit between two texts by their common prefix and suffix, in UTF-16 offsets, rows and columns', () => {
    assert.deepEqual({ ...editBetween('ab\ncd\nef', 'ab\nXcd\nef') }, {
      startIndex: 3, oldEndIndex: 3, newEndIndex: 4,
      startPosition: { row: 1, column: 0 }, oldEndPosition: { row: 1, column: 0 }, newEndPosition: { row: 1, column: 1 },
    });
    assert.deepEqual({ ...editBetween('😀a\nb', '😀\nb') }, {
      startIndex: 2, oldEndIndex: 3, newEndIndex: 2,
      startPosition: { row: 0, column: 2 }, oldEndPosition: { row: 0, column: 3 }, newEndPosition: { row: 0, column: 2 },
    });
    // A repeated run: the suffix may not overlap the prefix.
    assert.deepEqual({ ...editBetween('aaa', 'aaaa') }, {
      startIndex: 3, oldEndIndex: 3, newEndIndex: 4,
      startPosition: { row: 0, column: 3 }, oldEndPosition: { row: 0, column: 3 }, newEndPosition: { row: 0, column: 4 },
    });
    assert.deepEqual({ ...editBetween('same', 'same') }, {
      startIndex: 4, oldEndIndex: 4, newEndIndex: 4,
      startPosition: { row: 0, column: 4 }, oldEndPosition: { row: 0, column: 4 }, newEndPosition: { row: 0, column: 4 },
    });
  });
});
