import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeTextAtomic } from '../../src/core';
import { demoCorpus } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { run } from '../helpers/cli';
import { tempCorpus } from '../helpers/tempCorpus';
import { tempDir } from '../helpers/tempDir';

const FIXTURE = `# comment at the top
id: "demo-easy-01"
repo: demo
difficulty: easy
diff: {base: "0000001", head: "0000002"}
task: "Add a thing"
candidates:
  - a/b.C
  - a/b.D
  - a/b.E
  - a/b.F
ground_truth:
  - {symbol: a/b.C, confidence: HIGH, reason: r}
  - {symbol: a/b.D, confidence: MEDIUM, reason: r}
labeler: dana
verifier: lee
labels:
  lee:
    - {symbol: a/b.C, confidence: HIGH, reason: r}
    - {symbol: a/b.E, confidence: HIGH, reason: r}
`;
const PATH = 'tasks/demo/easy/01-a.yaml';

const corpus = () => tempCorpus({ [PATH]: FIXTURE });
/** The same fixture with its review finished (agreement exists only then). */
const reviewedCorpus = () => tempCorpus({ [PATH]: `${FIXTURE}agreement: 0\n` });

describe('fixture-lab CLI', () => {
  it('kappa counts read as English: `1 disagreement`, `1 item`; `0 disagreements`, `2 items`', async () => {
    // dana and lee agree on a/b.C and disagree on a/b.D: one disagreement over two items (no candidates: the labeled symbols are the items).
    const one = FIXTURE.replace(/candidates:\n(  - .*\n)+/, '').replace(/ground_truth:\n(  - .*\n)+/, 'ground_truth: []\n')
      .replace('labels:\n', 'labels:\n  dana:\n    - {symbol: a/b.C, confidence: HIGH, reason: r}\n    - {symbol: a/b.D, confidence: MEDIUM, reason: r}\n')
      .replace('    - {symbol: a/b.E, confidence: HIGH, reason: r}\n', '');
    const dir = tempCorpus({ [PATH]: `${one}agreement: 0\n` });
    const kappa = await run(dir, 'kappa', PATH);
    assert.equal(kappa.code, 0, kappa.stderr);
    assert.match(kappa.stdout, /^demo-easy-01: kappa .*; 2 items, 1 disagreement\n/);
    assert.match(kappa.stdout, /^ {2}a\/b\.D: dana MEDIUM, lee -\n/m);
    const agreed = tempCorpus({ [PATH]: `${one.replace('    - {symbol: a/b.D, confidence: MEDIUM, reason: r}\n', '')}agreement: 0\n` });
    assert.match((await run(agreed, 'kappa', PATH)).stdout, /; 1 item, 0 disagreements\n/);
  });

  it('validate prints path:line:col: severity: message and exits 1 on an error', async () => {
    const dir = corpus();
    const ok = await run(dir, 'validate', '--no-resolve');
    assert.equal(ok.code, 0);
    assert.equal(ok.stdout, '');
    assert.equal(ok.stderr, '1 fixture: 0 errors, 0 warnings\n', 'no match rate without resolving');
    // The repository has no checkout: one warning saying how to set it, not one per symbol.
    const unchecked = await run(dir, 'validate');
    assert.equal(unchecked.code, 0);
    assert.equal(unchecked.stdout, 'repos.yaml:2:5: warning: repo `demo` has no local checkout: clone https://example.com/demo.git and set `path:` in repos.yaml (or the fixtureLab.repositoryPaths setting); its symbols were not checked\n');
    assert.match(unchecked.stderr, /^ground truth resolved: 0\/0\nall symbols resolved: 0\/0\n4 symbols not checked \(see the warnings\)\n/);
    writeFileSync(join(dir, PATH), FIXTURE.replace('confidence: MEDIUM', 'confidence: LOW'));
    const bad = await run(resolve(dir, '..'), 'validate', dir, '--no-resolve');
    assert.equal(bad.code, 1);
    const rel = join(dir.split('/').pop()!, PATH);
    assert.equal(bad.stdout, `${rel}:14:33: error: confidence \`LOW\` must be HIGH or MEDIUM\n`);
    const json = JSON.parse((await run(dir, 'validate', '--json', '--no-resolve')).stdout);
    assert.deepEqual(json.problems.map((p: { line: number; severity: string; code: string }) => [p.line, p.severity, p.code]), [[14, 'error', 'bad-confidence']]);
    assert.equal(json.match_rate, null);
  });

  describe('validate against the code of the demo corpus', function () {
    this.timeout(60_000);

    it('every symbol resolves: the match rate over ground truth and over every symbol, and --json carries both', async () => {
      const dir = demoCorpus();
      const r = await run(dir, 'validate');
      assert.equal(r.code, 0);
      // The demo's tasks use words its symbols are named for (job, checkout, subtotal): the task-leak rule warns on them.
      assert.deepEqual(r.stdout.split('\n').filter(Boolean).map((l) => / warning: the task names its ground truth/.test(l)), [true, true, true, true, true]);
      assert.equal(r.stderr, 'ground truth resolved: 39/39, 100.0%\nall symbols resolved: 98/98, 100.0%\n10 fixtures: 0 errors, 5 warnings\n');
      const json = JSON.parse((await run(dir, 'validate', '--json')).stdout);
      json.problems = json.problems.filter((p: { code: string }) => p.code !== 'task-leak');
      assert.deepEqual(json, {
        problems: [],
        match_rate: { ground_truth: { resolved: 39, total: 39, rate: 1 }, all_symbols: { resolved: 98, total: 98, rate: 1 }, not_checked: 0 },
      });
    });

    it('a typo gets a warning with "did you mean", wherever the name is written, and lowers the rate', async () => {
      const dir = demoCorpus();
      const F = 'tasks/bookshop/easy/01-bulk-discount.yaml';
      writeFileSync(join(dir, F), readFileSync(join(dir, F), 'utf8').replace(/"shop\/cart\.Cart\.total"/g, '"shop/cart.Cart.totl"'));
      const r = await run(dir, 'validate');
      assert.equal(r.code, 0, 'a warning, not an error');
      const warning = (line: number, col: number) => `${F}:${line}:${col}: warning: \`shop/cart.Cart.totl\` is not defined at diff.base 76fa6ca: did you mean \`shop/cart.Cart.total\`?`;
      // Candidates, ground truth, labels.dana, labels.lee.
      const leaks = / warning: the task names its ground truth/;
      assert.equal(r.stdout.split('\n').filter((l) => !leaks.test(l)).join('\n'), [warning(12, 5), warning(24, 13), warning(41, 16), warning(47, 16)].join('\n') + '\n');
      assert.match(r.stderr, /^ground truth resolved: 38\/39, 97\.4%\nall symbols resolved: 97\/98, 99\.0%\n/);
      const json = JSON.parse((await run(dir, 'validate', '--json')).stdout);
      assert.deepEqual(json.match_rate.ground_truth, { resolved: 38, total: 39, rate: 38 / 39 });
      assert.deepEqual(json.problems.find((p: { code: string }) => p.code !== 'task-leak'), { file: F, line: 12, col: 5, severity: 'warning', code: 'unresolved-symbol', message: warning(12, 5).split(': warning: ')[1] });
    });

    it('label add warns at once on a symbol that does not resolve, and still writes it', async () => {
      const dir = demoCorpus();
      const F = 'tasks/bookshop/easy/03-cart-badge.yaml';
      const typo = await run(dir, 'label', 'add', F, 'web/src/cart.CartView.rendr', '--confidence', 'HIGH', '--reason', 'Draws the header', '--rater', 'dana');
      assert.equal(typo.code, 0);
      assert.equal(typo.stderr, `fixture-lab: warning: ${F}: \`web/src/cart.CartView.rendr\` is not defined at diff.base c95cf13: did you mean \`web/src/cart.CartView.render\`?\n`);
      assert.match(readFileSync(join(dir, F), 'utf8'), /- symbol: "web\/src\/cart\.CartView\.rendr"/);
      const good = await run(dir, 'label', 'add', F, 'web/src/cart.CartView.render', '--confidence', 'HIGH', '--reason', 'Draws the header', '--rater', 'dana');
      assert.equal(good.code, 0);
      assert.equal(good.stderr, '');
    });
  });

  it('label add/remove: the first rater is recorded as labeler and labels the draft ground_truth; another rater is refused before a review', async () => {
    const draft = FIXTURE.replace(/verifier: lee\n[\s\S]*$/, '').replace('labeler: dana\n', '');
    const dir = tempCorpus({ [PATH]: draft });
    const file = join(dir, PATH);
    const added = await run(dir, 'label', 'add', PATH, 'example.com/demo/a/b.py::F', '--confidence', 'MEDIUM', '--reason', 'A caller', '--rater', 'dana');
    assert.deepEqual({ code: added.code, stdout: added.stdout }, { code: 0, stdout: `${PATH}: ground_truth + a/b.F (MEDIUM); labeler: dana\n` });
    // This corpus has no checkout of its repository: the label is written, and said to be unchecked.
    assert.match(added.stderr, /^fixture-lab: warning: .*`a\/b\.F` was not checked against the code: repo `demo` has no local checkout/);
    assert.match(readFileSync(file, 'utf8'), /  - \{symbol: a\/b\.D, confidence: MEDIUM, reason: r\}\n  - symbol: "a\/b\.F"\n    confidence: MEDIUM\n    reason: "A caller"\nlabeler: "dana"\n$/);
    const other = await run(dir, 'label', 'add', PATH, 'a/b.E', '--confidence', 'HIGH', '--reason', 'Mine', '--rater', 'lee');
    assert.equal(other.code, 1);
    assert.equal(other.stderr, `fixture-lab: ${PATH}: lee is not the labeler of this fixture (dana, 3 labels): to check them blind, start a review as its `
      + 'verifier first ("Start Review as Verifier", or `fixture-lab review start FIXTURE --verifier lee`); if dana was recorded by mistake, remove their '
      + 'labels as dana (the last one clears `labeler:`)\n');
    assert.equal((await run(dir, 'label', 'remove', PATH, 'a/b.F', '--rater', 'dana')).code, 0);
    assert.equal(readFileSync(file, 'utf8'), draft + 'labeler: "dana"\n');
  });

  it('dispute add after a review: the ruling recorded, ground_truth derived from both lists, the raters\' lists and kappa unchanged', async () => {
    // An older file, its review finished: the verifier's list, the labeler's only in ground_truth.
    const dir = reviewedCorpus();
    const kappaBefore = JSON.parse((await run(dir, 'kappa', PATH, '--json')).stdout)[0];
    assert.equal((await run(dir, 'dispute', 'add', PATH, 'a/b.E', '--resolution', 'included', '--rationale', 'Needed')).code, 0);
    assert.equal((await run(dir, 'dispute', 'add', PATH, 'a/b.D', '--resolution', 'excluded', '--rationale', 'Known from the task')).code, 0);
    const text = readFileSync(join(dir, PATH), 'utf8');
    // Both included C; the rulings add E (lee's label) and keep D out.
    assert.match(text, /ground_truth:\n  - \{symbol: a\/b\.C, confidence: HIGH, reason: r\}\n  - symbol: "a\/b\.E"\n    confidence: HIGH\n    reason: "r"\nlabeler/);
    // The labeler's list is frozen from ground_truth as kappa measured it.
    assert.match(text, /labels:\n  lee:\n    - \{symbol: a\/b\.C, confidence: HIGH, reason: r\}\n    - \{symbol: a\/b\.E, confidence: HIGH, reason: r\}\n  dana:\n    - symbol: "a\/b\.C"\n      confidence: HIGH\n      reason: "r"\n    - symbol: "a\/b\.D"\n      confidence: MEDIUM\n      reason: "r"\n/);
    assert.match(text, /disputes:\n  - symbol: "a\/b\.E"\n    resolution: included\n    rationale: "Needed"\n    sided_with: "lee"\n  - symbol: "a\/b\.D"\n    resolution: excluded\n    rationale: "[^"]*"\n    sided_with: "lee"\n/);
    assert.deepEqual(JSON.parse((await run(dir, 'kappa', PATH, '--json')).stdout)[0], kappaBefore);
    assert.equal((await run(dir, 'validate')).code, 0);
  });

  it('kappa --json gives the contract fields', async () => {
    const dir = reviewedCorpus();
    const { code, stdout } = await run(dir, 'kappa', PATH, '--json');
    assert.equal(code, 0);
    const [k] = JSON.parse(stdout);
    const added = ['percent', 'ac1', 'pabak', 'specific_positive', 'specific_negative', 'kappa_weighted'];
    assert.deepEqual(Object.keys(k).filter((key) => key !== 'reason'),
      ['id', 'labeler', 'verifier', 'items', 'observed', 'expected', 'kappa', 'kappa_confidence', 'band', 'disagreements', ...added, 'labeled_only']);
    assert.deepEqual(Object.keys(k.labeled_only), ['items', 'kappa', ...added]);
    // Items C D E F: labeler {C, D}, verifier {C, E}: po = 2/4, pe = 0.5 -> kappa 0.
    assert.equal(k.items, 4);
    assert.equal(k.observed, 0.5);
    assert.equal(k.kappa, 0);
    assert.equal(k.band, 'weak');
    // One item each of both / labeler only / verifier only / neither: AC1 = PABAK = 0, specific
    // agreement 2/4 both ways; C H/H, D M/-, E -/H, F -/-: weighted kappa 0.25 (scikit-learn 1.2.1).
    assert.deepEqual(added.map((key) => k[key]), [0.5, 0, 0, 0.5, 0.5, 0.25]);
    assert.equal(k.percent, k.observed);
    // Labeled only, C D E: po = 1/3, kappa (1/3 - 5/9) / (4/9) = -0.5, AC1 (1/3 - 4/9) / (5/9) = -0.2,
    // PABAK -1/3; negative agreement has no both-excluded items to count: null. Weighted kappa 0.0 (scikit-learn).
    const l = k.labeled_only;
    assert.equal(l.items, 3);
    for (const [got, want] of [[l.kappa, -0.5], [l.percent, 1 / 3], [l.ac1, -0.2], [l.pabak, -1 / 3], [l.specific_positive, 0.5], [l.kappa_weighted, 0]]) {
      assert.ok(Math.abs(got - want) < 1e-12, `${got} != ${want}`);
    }
    assert.equal(l.specific_negative, null);
    assert.deepEqual(k.disagreements, [
      { symbol: 'a/b.D', labeler: 'MEDIUM', verifier: null },
      { symbol: 'a/b.E', labeler: null, verifier: 'HIGH' },
    ]);
    assert.equal((await run(dir, 'kappa', 'tasks', '--write')).code, 0);
    assert.match(readFileSync(join(dir, PATH), "utf8"), /reason: r}\nagreement: 0\n$/);
  });

  it('report writes labeling-report.md', async () => {
    const dir = reviewedCorpus();
    const { code, stdout } = await run(dir, 'report');
    assert.equal(code, 0);
    assert.equal(stdout, 'wrote labeling-report.md\n');
    assert.match(readFileSync(join(dir, 'labeling-report.md'), 'utf8'), /\| demo-easy-01 \| dana \| lee \| 4 \| 0\.500 \| 0\.000 \|/);
  });

  it('bad input: one line naming the file and the fix, a non-zero exit, the file untouched', async () => {
    const dir = corpus();
    const file = join(dir, PATH);
    const cases: [string[], number, RegExp][] = [
      [['label', 'add', PATH, 'a/b.X', '--confidence', 'LOW', '--reason', 'r'], 2, /--confidence must be HIGH or MEDIUM, not `LOW`/],
      [['label', 'add', PATH, 'a/b.X', '--confidence', 'HIGH'], 2, /--reason is required/],
      [['label', 'remove', PATH, 'a/b.X', '--rater', 'lee'], 1, /^fixture-lab: tasks\/demo\/easy\/01-a\.yaml: `a\/b\.X` is not in labels\.lee\n$/],
      [['label', 'add', 'tasks/nope.yaml', 'a/b.X', '--confidence', 'HIGH', '--reason', 'r'], 1, /^fixture-lab: tasks\/nope\.yaml: no such fixture; check the path\n$/],
      [['dispute', 'add', PATH, 'a/b.X', '--resolution', 'maybe', '--rationale', 'r'], 2, /--resolution must be included or excluded/],
      [['review', 'start', PATH], 2, /--verifier is required/],
      [['review', 'finish', PATH, '--verifier', 'lee'], 2, /`review finish` takes no --verifier/],
      [['review', 'settle', PATH, 'a/b.D', '--resolution', 'excluded', '--confidence', 'HIGH', '--rationale', 'r'], 2, /--confidence goes with --resolution included only/],
      [['review', 'settle', PATH, 'a/b.D', '--resolution', 'excluded', '--rationale', 'r'], 1, /the review is under way: finish it first/],
      [['review', 'start', PATH, '--verifier', 'lee'], 1, /the review of demo-easy-01 has started already/],
      [['review', 'approve', PATH], 2, /say `review start`, `review finish` or `review settle`/],
      [['kappa'], 2, /name at least one fixture/],
      [['validate', 'no-such-dir'], 1, /^fixture-lab: no-such-dir: is not a corpus folder/],
      [['frobnicate'], 2, /unknown command `frobnicate`/],
    ];
    for (const [argv, code, message] of cases) {
      const r = await run(dir, ...argv);
      assert.equal(r.code, code, argv.join(' '));
      assert.match(r.stderr, message, argv.join(' '));
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    }
    writeFileSync(file, 'id: [\n');
    const broken = await run(dir, 'label', 'add', PATH, 'a/b.X', '--confidence', 'HIGH', '--reason', 'r', '--rater', 'lee');
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /^fixture-lab: tasks\/demo\/easy\/01-a\.yaml: 2:1: YAML syntax error .*; fix it before editing\n$/);
    assert.equal(readFileSync(file, 'utf8'), 'id: [\n');
    assert.deepEqual(readdirSync(join(dir, 'tasks/demo/easy')), ['01-a.yaml']);
  });

  it('refuses a 20 MB fixture at once instead of parsing it for seconds: one line, exit 1, the file untouched', async () => {
    const dir = corpus();
    const file = join(dir, PATH);
    const big = `${FIXTURE}notes: "${'x'.repeat(20_000_000)}"\n`;
    writeFileSync(file, big);
    const add = await run(dir, 'label', 'add', PATH, 'a/b.X', '--confidence', 'HIGH', '--reason', 'r', '--rater', 'dana');
    assert.equal(add.code, 1);
    // An editing command refuses it with validate's own line.
    assert.equal(add.stderr, 'tasks/demo/easy/01-a.yaml:1:1: error: is 20.0 MB, over the 1 MB a fixture may be: a fixture holds one task and its labels; remove what does not belong to the task\n');
    assert.equal(readFileSync(file, 'utf8'), big);
    assert.deepEqual(readdirSync(join(dir, 'tasks/demo/easy')), ['01-a.yaml']);
    const validate = await run(dir, 'validate');
    assert.equal(validate.code, 1);
    assert.match(validate.stdout, /^tasks\/demo\/easy\/01-a\.yaml:1:1: error: is 20\.0 MB, over the 1 MB a fixture may be/);
    const kappa = await run(dir, 'kappa', PATH);
    assert.equal(kappa.code, 1);
    assert.match(kappa.stderr, /^fixture-lab: tasks\/demo\/easy\/01-a\.yaml: .*is 20\.0 MB, over the 1 MB a fixture may be.*\n$/);
    const dispute = await run(dir, 'dispute', 'add', PATH, 'a/b.C', '--resolution', 'included', '--rationale', 'r');
    assert.deepEqual([dispute.code, dispute.stderr], [1, add.stderr]);
  });

  it('never replaces a file that changed on disk since it was read, and leaves no temp file', async () => {
    const dir = tempDir({ 'f.yaml': 'a: 1\n' });
    const file = join(dir, 'f.yaml');
    writeFileSync(file, 'a: 2\n');
    await assert.rejects(writeTextAtomic(file, 'a: 3\n', 'a: 1\n'), /changed on disk since it was read; nothing was written/);
    assert.equal(readFileSync(file, 'utf8'), 'a: 2\n');
    assert.deepEqual(readdirSync(dir), ['f.yaml']);
    await writeTextAtomic(file, 'a: 3\n', 'a: 2\n');
    assert.equal(readFileSync(file, 'utf8'), 'a: 3\n');
  });

  it('runs as the built executable with one-line errors', () => {
    const bin = resolve(__dirname, '../../../dist/cli.js');
    const dir = reviewedCorpus();
    assert.match(execFileSync('node', [bin, 'kappa', PATH], { cwd: dir, encoding: 'utf8' }), /^demo-easy-01: kappa 0\.000 weak/);
    const r = spawnSync('node', [bin, 'label', 'add', PATH, 'x', '--bogus'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.equal(r.stderr.split('\n').filter(Boolean).length, 2); // the message and the usage line
    assert.match(r.stderr, /Unknown option '--bogus'/);
  });

  it('symbols --json prints the changed symbols, or one file\'s definitions, with the contract\'s fields', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'svc/queue.go': 'package svc\n\ntype Q struct{}\n\nfunc (q *Q) Push() {}\n' });
    const head = repo.commit('head', { 'svc/queue.go': 'package svc\n\ntype Q struct{}\n\nfunc (q *Q) Push() { q.Pop() }\n\nfunc (q *Q) Pop() {}\n' });
    const changed = await run(repo.dir, 'symbols', '--repo', repo.dir, '--base', base, '--head', head, '--json');
    assert.equal(changed.code, 0, changed.stderr);
    assert.deepEqual(JSON.parse(changed.stdout), [
      { symbol: 'svc/queue.Q.Push', file: 'svc/queue.go', kind: 'method', change: 'modified', startLine: 5, endLine: 5 },
      { symbol: 'svc/queue.Q.Pop', file: 'svc/queue.go', kind: 'method', change: 'added', startLine: 7, endLine: 7 },
    ]);
    const file = await run(repo.dir, 'symbols', '--repo', repo.dir, '--rev', base, '--file', 'svc/queue.go', '--json');
    assert.deepEqual(JSON.parse(file.stdout), [
      { symbol: 'svc/queue.Q', file: 'svc/queue.go', kind: 'struct', startLine: 3, endLine: 3 },
      { symbol: 'svc/queue.Q.Push', file: 'svc/queue.go', kind: 'method', startLine: 5, endLine: 5 },
    ]);
    const missing = await run(repo.dir, 'symbols', '--repo', repo.dir, '--base', 'deadbeef', '--head', head);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^fixture-lab: .*: has no commit deadbeef: run `git -C .* fetch origin deadbeef`\n$/);
  });
});
