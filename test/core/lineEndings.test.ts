import * as assert from 'node:assert/strict';
import { lineEndingOf, mulberry32, readFixture } from '../../src/core';
import { addLabel, editKeepingLineEndings, removeLabel, setField } from '../helpers/edits';

const FIXTURE = `# header
id: "demo-easy-01"
repo: demo
task: "Add a thing"
candidates: [a/b.C, a/b.D]
ground_truth:
  - {symbol: a/b.C, confidence: HIGH, reason: r}

  # a comment between items
  - symbol: a/b.D
    confidence: MEDIUM
    reason: "r"
labeler: dana
`;

type Edit = (text: string) => string;

/** Seeded edits of every kind the CLI and the editor make: add (new and replacing), remove, rater lists, fields. */
function randomEdit(next: () => number, n: number): Edit {
  const symbols = ['a/b.C', 'a/b.D', `x/y.S${n}`, `x/y.T${n}`];
  const symbol = symbols[Math.floor(next() * symbols.length)];
  const rater = next() < 0.3 ? 'lee' : undefined;
  switch (Math.floor(next() * 3)) {
    case 0: return (t) => addLabel(t, { symbol, confidence: next() < 0.5 ? 'HIGH' : 'MEDIUM', reason: `why ${n}` }, { rater });
    case 1: return (t) => {
      try {
        return removeLabel(t, symbol, { rater });
      } catch {
        return t; // not in that list: no edit
      }
    };
    default: return (t) => setField(t, 'agreement', Math.round(next() * 1000) / 1000);
  }
}

describe('line endings', () => {
  it('names the line ending a text mostly uses', () => {
    assert.equal(lineEndingOf('a\r\nb\r\nc\n'), '\r\n');
    assert.equal(lineEndingOf('a\r\nb\nc\n'), '\n');
    assert.equal(lineEndingOf('no line break'), '\n');
  });

  it('an edit of a CRLF file gives the LF result with CRLF lines, edit after edit (property, 300 seeded edits)', () => {
    const next = mulberry32(7);
    let lf = FIXTURE;
    let crlf = FIXTURE.replace(/\n/g, '\r\n');
    for (let n = 0; n < 300; n++) {
      // The same edit (the same random draws) on both texts.
      const seed = Math.floor(next() * 2 ** 32);
      lf = randomEdit(mulberry32(seed), n)(lf);
      crlf = editKeepingLineEndings(crlf, randomEdit(mulberry32(seed), n));
      assert.equal(crlf, lf.replace(/\n/g, '\r\n'), `edit ${n}`);
      assert.ok(!/[^\r]\n/.test(crlf), 'no lone LF in a CRLF file');
      assert.ok(readFixture(crlf, 'f.yaml').parsed);
    }
  });

  it('keeps every byte outside the change in a file with mixed line endings', () => {
    const mixed = FIXTURE.replace(/\n/g, '\r\n').replace('repo: demo\r\n', 'repo: demo\n');
    const after = editKeepingLineEndings(mixed, (t) => addLabel(t, { symbol: 'x/y.Z', confidence: 'HIGH', reason: 'z' }));
    assert.equal(after, mixed.replace('reason: "r"\r\n', 'reason: "r"\r\n  - symbol: "x/y.Z"\r\n    confidence: HIGH\r\n    reason: "z"\r\n'));
    // Removing an item takes its CRLFs with it: the file is back byte for byte.
    assert.equal(editKeepingLineEndings(after, (t) => removeLabel(t, 'x/y.Z')), mixed);
  });

  it('leaves an LF file to the edit as is', () => {
    const edit: Edit = (t) => setField(t, 'agreement', 0.5);
    assert.equal(editKeepingLineEndings(FIXTURE, edit), edit(FIXTURE));
  });
});
