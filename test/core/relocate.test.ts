// The core of `relocate` beyond the scripted history of test/cli/relocate.test.ts: a body found at
// several places is no rename to guess; the moves written keep every form of list; a move the
// fixture cannot take is skipped and said.
import * as assert from 'node:assert/strict';
import { applyRelocation, BodyIndex, readFixture, relocateFixture, relocationLines, relocationReport, type RelocationReport, Repository } from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';

const TWIN = '    return [x for x in items if x.active]\n';

describe('relocate: the core', function () {
  this.timeout(60_000);

  it('a body at several places: gone, listing them, unless exactly one keeps the name', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'a.py': `def active(items):\n${TWIN}\n\ndef ready(items):\n    return items\n` });
    const next = repo.commit('copies', {
      'a.py': 'def ready(items):\n    return items\n',
      'b.py': `def live(items):\n${TWIN}\n\ndef enabled(items):\n${TWIN}`,
      'c.py': `def ready(items):\n    return items\n\n\ndef active(items):\n${TWIN}`,
    });
    const opened = await Repository.open(repo.dir);
    try {
      const index = new BodyIndex(opened);
      const fixture = readFixture(`id: x\nrepo: r\ntask: t\nground_truth:\n  - a.active\n  - a.ready\n`, 'f.yaml').fixture;
      const report = await relocationReport(index, fixture, base, next);
      // a.active's body is at b.live, b.enabled and c.active: only c.active keeps the name.
      assert.deepEqual(report.relocations.map((r) => [r.symbol, r.status, r.moved_to]), [['a.active', 'moved', 'c.active'], ['a.ready', 'unchanged', undefined]]);
      const ambiguous = repo.commit('no namesake', { 'c.py': 'def ready(items):\n    return items\n' });
      const [gone] = (await relocationReport(index, fixture, base, ambiguous)).relocations;
      assert.deepEqual([gone.status, gone.note], ['gone', 'its body is at 2 places (b.live, b.enabled): relabel by hand']);
    } finally {
      opened.close();
    }
  });

  const report = (moves: [string, string][], others: RelocationReport['relocations'] = []): RelocationReport => ({
    fixture: 'x',
    from: 'e'.repeat(40),
    to: 'f'.repeat(40),
    relocations: [...moves.map(([symbol, to]) => ({ symbol, lists: ['ground_truth'], status: 'moved' as const, from: 'e'.repeat(40), body_hash: '0123456789abcdef', moved_to: to })), ...others],
    totals: { unchanged: 0, moved: moves.length, changed: 0, gone: 0 },
  });

  it('a report line per label, whatever its names hold: line breaks and bidi controls shown, not taken', async () => {
    const repo = new TestRepo();
    const rlo = '\u202E';
    const base = repo.commit('base', { 'a.py': 'def total():\n    return 1\n' });
    const next = repo.commit('moved', { 'a.py': null, [`b${rlo}gpj.py`]: 'def total():\n    return 1\n' });
    const opened = await Repository.open(repo.dir);
    try {
      const forged = 'a.gone\nunchanged  shop.safe [ground_truth]';
      const text = `id: x\nrepo: r\ntask: t\nground_truth:\n  - a.total\n  - ${JSON.stringify(forged)}\nlabeler: ${JSON.stringify(`dana${rlo}`)}\n`
        + `labels:\n  ${JSON.stringify(`dana${rlo}`)}:\n    - a.total\n`;
      const report = await relocationReport(new BodyIndex(opened), readFixture(text, 'f.yaml').fixture, base, next);
      assert.deepEqual(report.relocations.map((r) => [r.symbol, r.status, r.moved_to]), [['a.total', 'moved', `b${rlo}gpj.total`], [forged, 'gone', undefined]]);
      const lines = relocationLines(report);
      assert.equal(lines.join('\n').split('\n').length, 2, lines.join('\n'));
      assert.equal(lines[0], 'moved      a.total -> b\\u202Egpj.total (b\\u202Egpj.py:1) [ground_truth, labels.dana\\u202E]');
      assert.ok(lines[1].startsWith('gone       a.gone\\nunchanged  shop.safe [ground_truth] [ground_truth]: '), lines[1]);
    } finally {
      opened.close();
    }
  });

  it('writes a move into a plain list, a flow list and a dispute alike; the rest stays byte for byte', () => {
    const text = 'id: x  # the id\nrepo: r\ntask: t\ncandidates: [a.f, "b.g"]\nground_truth:\n  - a.f   # why\n  - b.g\ndisputes:\n  - {symbol: a.f, resolution: included, rationale: "r"}\n';
    const done = applyRelocation(text, readFixture(text, 'f').fixture, report([['a.f', 'c.f']]));
    assert.ok(done.ok);
    assert.equal(done.text, 'id: x  # the id\nrepo: r\ntask: t\ncandidates: ["c.f", "b.g"]\nground_truth:\n'
      + `  - symbol: "c.f"\n    confidence: HIGH\n    at: "${'f'.repeat(40)}"\n    body_hash: "0123456789abcdef"\n`
      + '  - symbol: b.g\n    confidence: HIGH\ndisputes:\n  - {symbol: "c.f", resolution: included, rationale: "r"}\n');
    assert.deepEqual(readFixture(done.text, 'f').problems, []);
  });

  it('skips a move whose new name the fixture holds already, or that another label of the symbol does not make', () => {
    const text = 'id: x\nrepo: r\ntask: t\ncandidates: [a.f, c.f, b.g]\nground_truth: [a.f, b.g]\n';
    const f = readFixture(text, 'f').fixture;
    const taken = applyRelocation(text, f, report([['a.f', 'c.f']]));
    assert.ok(taken.ok);
    assert.deepEqual([taken.text, taken.skipped], [text, [{ symbol: 'a.f', moved_to: 'c.f', reason: '`c.f` is in the fixture already' }]]);
    const split = applyRelocation(text, f, report([['b.g', 'd.g']], [{ symbol: 'b.g', lists: ['labels.lee'], status: 'changed', from: 'd'.repeat(40) }]));
    assert.ok(split.ok);
    assert.deepEqual([split.text, split.skipped.map((s) => s.reason)], [text, ['its labels made at other revisions do not all move there']]);
  });
  it('moving a commit fixture keeps where its changed and gone labels were made: the next report still says so', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'a.py': 'def keep():\n    return 1\n\n\ndef edit():\n    return 2\n\n\ndef drop():\n    return 3\n' });
    const next = repo.commit('edit', { 'a.py': 'def keep():\n    return 1\n\n\ndef edit():\n    return 20\n' });
    const later = repo.commit('later', { 'b.py': 'X = 1\n' });
    const opened = await Repository.open(repo.dir);
    try {
      const index = new BodyIndex(opened);
      const text = `id: x\nrepo: r\ntask: t\ncommit: ${base}\nground_truth:\n  - a.keep\n  - a.edit  # why\n  - symbol: a.drop\n    confidence: MEDIUM\n`
        + `labeler: dana\nlabels:\n  dana: [a.edit, {symbol: a.keep, confidence: HIGH, at: ${base}}]\n`;
      const fixture = readFixture(text, 'f.yaml').fixture;
      const report = await relocationReport(index, fixture, base, next);
      assert.equal(report.from, base);
      assert.deepEqual(report.relocations.map((r) => [r.symbol, r.status]), [['a.keep', 'unchanged'], ['a.edit', 'changed'], ['a.drop', 'gone']]);
      const moved = relocateFixture(text, fixture, report, next);
      assert.ok(moved.ok, moved.ok ? '' : moved.problem.message);
      const hash = (s: string) => report.relocations.find((r) => r.symbol === s)!.body_hash!;
      assert.equal(moved.text, `id: x\nrepo: r\ntask: t\ncommit: "${next}"\nground_truth:\n  - symbol: a.keep\n    confidence: HIGH\n`
        + `  - symbol: "a.edit"\n    confidence: HIGH\n    at: "${base}"\n    body_hash: "${hash('a.edit')}"\n`
        + `  - symbol: "a.drop"\n    confidence: MEDIUM\n    at: "${base}"\n    body_hash: "${hash('a.drop')}"\n`
        + `labeler: dana\nlabels:\n  dana: [{symbol: "a.edit", confidence: HIGH, at: "${base}", body_hash: "${hash('a.edit')}"}, {symbol: a.keep, confidence: HIGH, at: ${base}}]\n`);
      assert.deepEqual(readFixture(moved.text, 'f.yaml').problems, []);
      // Read again from the new commit: what changed before still reads changed, what was gone still gone.
      const again = await relocationReport(index, readFixture(moved.text, 'f.yaml').fixture, next, later);
      assert.deepEqual(again.relocations.map((r) => [r.symbol, r.status, r.from]), [
        ['a.keep', 'unchanged', next], ['a.edit', 'changed', base], ['a.drop', 'gone', base], ['a.keep', 'unchanged', base],
      ]);
      // In the editor the person edits `commit` first, then applies: the same labels are stamped, the commit left as edited.
      const edited = text.replace(`commit: ${base}`, `commit: ${next}`);
      const applied = relocateFixture(edited, readFixture(edited, 'f.yaml').fixture, report, next);
      assert.ok(applied.ok);
      assert.equal(applied.text, moved.text.replace(`commit: "${next}"`, `commit: ${next}`));
      // Compared with itself, nothing moves and nothing is stamped.
      const still = await relocationReport(index, fixture, base, base);
      const same = relocateFixture(text, fixture, still, base);
      assert.ok(same.ok);
      assert.equal(same.text, text);
    } finally {
      opened.close();
    }
  });
});
