// import-codegrapher and export-codegrapher (docs/imports.md): a CodeGrapher JSONL comes back byte
// for byte, the corpus it makes validates and scores, the demo corpus survives the trip, and a bad
// line is named with nothing written.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadCorpus, mulberry32, readFixture, validateCorpus } from '../../src/core';
import { run } from '../helpers/cli';
import { demoCorpus } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string, under = dir): string[] {
  if (!existsSync(under)) return [];
  return readdirSync(under).flatMap((name) => {
    const path = join(under, name);
    return statSync(path).isDirectory() ? filesUnder(dir, path) : [relative(dir, path)];
  }).sort();
}

const PYTHON = spawnSync('python3', ['-c', 'print(1)']).status === 0;

/** Each compact JSON line as Python's json.dumps writes it (ensure_ascii as given): the writer CodeGrapher uses. */
function pythonDumps(lines: { json: string; ascii: boolean }[]): string[] {
  const script = 'import json,sys\nfor l in sys.stdin:\n  o=json.loads(l)\n  print(json.dumps(json.loads(o["json"]), ensure_ascii=o["ascii"]))\n';
  const out = execFileSync('python3', ['-c', script], {
    input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', encoding: 'utf8', env: { ...process.env, PYTHONIOENCODING: 'utf-8' },
  });
  return out.split('\n').slice(0, -1);
}

/** A small Python project with one fix: the commits a record names. */
function tinyApp(): { repo: TestRepo; base: string; head: string } {
  const repo = new TestRepo();
  const base = repo.commit('app', {
    'src/tiny/app.py': 'from tiny.util import clean\n\n\ndef handle(request):\n    return clean(request.path)\n\n\nclass Router:\n    def route(self, path):\n        return handle(path)\n',
    'src/tiny/util.py': 'def clean(path):\n    return path.strip("/")\n',
    'tests/test_app.py': 'from tiny.app import handle\n\n\ndef test_handle():\n    assert handle\n',
  });
  const head = repo.commit('fix: handle keeps trailing slashes', {
    'src/tiny/app.py': 'from tiny.util import clean\n\n\ndef handle(request):\n    return clean(request.path) or "/"\n\n\nclass Router:\n    def route(self, path):\n        return handle(path)\n',
    'tests/test_app.py': 'from tiny.app import handle\n\n\ndef test_handle():\n    assert handle\n\n\ndef test_root():\n    assert handle\n',
  });
  return { repo, base, head };
}

describe('CodeGrapher JSONL: import-codegrapher and export-codegrapher', function () {
  this.timeout(120_000);

  it('round-trips a dataset built from a real repository byte for byte, every field of the format kept', async () => {
    const { repo, base, head } = tinyApp();
    const url = 'https://github.com/example/tiny';
    // Lines as Python's json.dumps writes them (CodeGrapher's writer): `", "`, `": "`, non-ASCII as \uXXXX;
    // the second with query_category after query_terms and every optional field, as the mined cases do.
    const lines = [
      `{"task_id": "task_001", "description": "Fix handle dropping the root path \\u2796 \\"/\\" becomes \\"\\"", "repo": "${url}", `
        + `"commit_before": "${base}", "commit_after": "${head}", "cursor_file": "src/tiny/app.py", "query_terms": ["handle", "root path", `
        + `"strip"], "files_edited": ["src/tiny/app.py", "tests/test_app.py"], "expected_bundle_should_contain": ["src/tiny/app.py", `
        + `"src/tiny/util.py"], "baseline_tokens_sent": 0, "expected_tokens_with_codegraph": 1.0, "notes": "Bug fix: keeps \\"/\\". `
        + `Small repo ~20 LOC.", "query_category": "error"}`,
      `{"task_id": "task_002", "description": "Router.route should clean paths", "repo": "${url}.git", "commit_before": "${base}", `
        + `"commit_after": "${head}", "cursor_file": "src/tiny/app.py", "query_terms": ["Router", "route"], "query_category": "symbol", `
        + `"files_edited": ["src/tiny/app.py"], "expected_bundle_should_contain": [], "baseline_tokens_sent": 1200, `
        + `"expected_tokens_with_codegraph": 3.5e2, "notes": "Mined from PR #7.", "mined_by": {"script": "mine_test_cases.py", "1": true}}`,
      // Only the required fields, written by JSON.stringify, and one whose spacing no writer uses.
      `{"task_id":"task_003","description":"Café: util.clean","repo":"${url}","commit_before":"${base}","commit_after":"${head}",`
        + `"cursor_file":"src/tiny/util.py","query_terms":[],"files_edited":["src/tiny/util.py"]}`,
      `{ "task_id" : "task_004", "description": "Escaped \\/ slash", "repo": "${url}", "commit_before": "${base}", "commit_after": "${head}",`
        + ` "cursor_file": "src/tiny/app.py", "query_terms": ["\\u00E9"], "files_edited": ["tests/test_app.py"], "notes": "" }`,
    ];
    const cwd = tempDir();
    const file = join(cwd, 'ground_truth.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    // The repository is already in the corpus under another spelling of its URL: the records join it.
    writeFileSync(join(cwd, 'repos.yaml'), `# the corpus\nrepos:\n  - name: tiny\n    url: ${url}.git/\n    commit: "${base}"\n    language: python\n`
      + `    path: ${repo.dir}\n`);

    const imported = await run(cwd, 'import-codegrapher', 'ground_truth.jsonl', '--out', '.');
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /imported 4 records/);
    assert.doesNotMatch(imported.stdout, /added repo/, 'the URL matched the existing entry');
    assert.deepEqual(filesUnder(join(cwd, 'tasks')), [
      'tiny/medium/01-fix-handle-dropping-the-root-path.yaml', 'tiny/medium/02-router-route-should-clean-paths.yaml',
      'tiny/medium/03-caf-util-clean.yaml', 'tiny/medium/04-escaped-slash.yaml',
    ].map((p) => join(...p.split('/'))));

    const first = readFixture(readFileSync(join(cwd, 'tasks/tiny/medium/01-fix-handle-dropping-the-root-path.yaml'), 'utf8'), 'f').fixture;
    assert.equal(first.id, 'task_001');
    assert.equal(first.repo, 'tiny');
    assert.equal(first.task, 'Fix handle dropping the root path \u2796 "/" becomes ""');
    assert.deepEqual(first.diff, { base, head });
    assert.deepEqual(first.ground_truth, [{ symbol: 'src/tiny/app.py' }, { symbol: 'tests/test_app.py' }]);
    assert.equal(first.notes, 'Bug fix: keeps "/". Small repo ~20 LOC.');
    const kept = first.codegrapher!.kept;
    assert.deepEqual([...kept.keys()], ['repo', 'commit_after', 'cursor_file', 'query_terms', 'expected_bundle_should_contain',
      'baseline_tokens_sent', 'expected_tokens_with_codegraph', 'query_category']);
    assert.equal(kept.get('repo'), url);
    assert.equal(kept.get('commit_after'), head);
    assert.equal(kept.get('cursor_file'), 'src/tiny/app.py');
    assert.deepEqual(kept.get('query_terms'), ['handle', 'root path', 'strip']);
    const text = readFileSync(join(cwd, 'tasks/tiny/medium/01-fix-handle-dropping-the-root-path.yaml'), 'utf8');
    assert.match(text, /^ {2}expected_tokens_with_codegraph: 1\.0$/m, 'the number literal as written');
    assert.equal(first.codegrapher!.json_line, undefined, 'json.dumps\' style is recognised');

    const exported = await run(cwd, 'export-codegrapher', '.', 'out.jsonl');
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(exported.stdout, 'wrote out.jsonl (4 records)\n');
    assert.equal(readFileSync(join(cwd, 'out.jsonl'), 'utf8'), readFileSync(file, 'utf8'));

    // An edited record is written in its style, the edit in it.
    writeFileSync(join(cwd, 'tasks/tiny/medium/04-escaped-slash.yaml'),
      readFileSync(join(cwd, 'tasks/tiny/medium/04-escaped-slash.yaml'), 'utf8').replace('task: "Escaped / slash"', 'task: "Escaped slash"'));
    assert.equal((await run(cwd, 'export-codegrapher', '.', 'edited.jsonl')).code, 0);
    assert.equal(readFileSync(join(cwd, 'edited.jsonl'), 'utf8').split('\n')[3],
      `{"task_id": "task_004", "description": "Escaped slash", "repo": "${url}", "commit_before": "${base}", "commit_after": "${head}", `
        + `"cursor_file": "src/tiny/app.py", "query_terms": ["\\u00e9"], "files_edited": ["tests/test_app.py"], "notes": ""}`);
  });

  it('makes a corpus that validates against the code and that the harness scores', async () => {
    const { repo, base, head } = tinyApp();
    const cwd = tempDir();
    const line = (id: string, files: string[]) => JSON.stringify({
      task_id: id, description: `Keep the root path in handle (${id})`, repo: 'https://github.com/example/tiny', commit_before: base,
      commit_after: head, cursor_file: files[0], query_terms: ['handle'], files_edited: files,
    });
    writeFileSync(join(cwd, 'gt.jsonl'), `${line('t1', ['src/tiny/app.py', 'tests/test_app.py'])}\n${line('t2', ['src/tiny/util.py'])}\n`);
    const imported = await run(cwd, 'import-codegrapher', 'gt.jsonl', '--out', 'corpus');
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /^added repo tiny to corpus\/repos\.yaml$/m);
    const repos = readFileSync(join(cwd, 'corpus/repos.yaml'), 'utf8');
    assert.equal(repos, `repos:\n  - name: "tiny"\n    url: "https://github.com/example/tiny"\n    commit: "${base}"\n    language: python\n`);
    // With a checkout, every file of the ground truth resolves at diff.base.
    writeFileSync(join(cwd, 'corpus/repos.yaml'), `${repos}    path: ${repo.dir}\n`);
    writeFileSync(join(cwd, 'corpus/systems.yaml'), 'systems:\n  - {name: grep, type: grep}\n  - {name: bm25, type: bm25}\n');

    const problems = validateCorpus(await loadCorpus(join(cwd, 'corpus'), cwd));
    assert.deepEqual(problems.filter((p) => p.severity === 'error'), []);
    const validated = await run(cwd, 'validate', 'corpus', '--json');
    assert.equal(validated.code, 0, validated.stdout);
    const report = JSON.parse(validated.stdout);
    assert.deepEqual(report.match_rate.ground_truth, { resolved: 3, total: 3, rate: 1 });

    const scored = await run(cwd, 'run', 'corpus', '--out', 'results', '--budget', '5000', '--seed', '1');
    assert.equal(scored.code, 0, scored.stderr);
    for (const system of ['grep', 'bm25']) {
      for (const task of ['t1', 't2']) {
        const raw = JSON.parse(readFileSync(join(cwd, 'results/raw', system, `${task}.json`), 'utf8'));
        assert.equal(raw.status, 'ok', `${system} ${task}`);
      }
    }
    const perTask = readFileSync(join(cwd, 'results/aggregated/per-task.csv'), 'utf8');
    assert.match(perTask, /\bt1\b/);
    assert.match(perTask, /\bt2\b/);
  });

  it('exports the demo corpus, and importing that gives fixtures equal in every field the format carries', async () => {
    const corpus = demoCorpus();
    const cwd = tempDir();
    const exported = await run(cwd, 'export-codegrapher', corpus, 'demo.jsonl');
    assert.equal(exported.code, 0, exported.stderr);
    const lines = readFileSync(join(cwd, 'demo.jsonl'), 'utf8').split('\n').slice(0, -1);
    const original = await loadCorpus(corpus, cwd);
    assert.equal(lines.length, original.fixtures.length);
    const first = JSON.parse(lines[0]);
    assert.deepEqual(Object.keys(first), ['task_id', 'description', 'repo', 'commit_before', 'commit_after', 'cursor_file', 'query_terms',
      'files_edited']);
    assert.equal(first.repo, 'https://example.com/bookshop.git');
    // bookshop-easy-01 changes shop/cart.py and shop/pricing.py; its first ground-truth symbol is in pricing.
    assert.equal(first.task_id, 'bookshop-easy-01');
    assert.equal(first.cursor_file, 'shop/pricing.py');

    const imported = await run(cwd, 'import-codegrapher', 'demo.jsonl', '--out', 'again');
    assert.equal(imported.code, 0, imported.stderr);
    const again = await loadCorpus(join(cwd, 'again'), cwd);
    // A fixture pinned at one commit comes back as a change from that commit to itself.
    const carried = (c: typeof again) => c.fixtures.map(({ read: { fixture: f } }) => {
      const at = f.diff?.base ?? f.commit ?? c.repos[0].commit;
      return {
        id: f.id, repo: f.repo, task: f.task, base: at, head: f.diff?.head ?? at, ground_truth: f.ground_truth.map((l) => l.symbol), notes: f.notes,
      };
    }).sort((a, b) => a.id!.localeCompare(b.id!));
    assert.deepEqual(carried(again), carried(original));
    assert.equal(again.repos[0].url, 'https://example.com/bookshop.git');
    // And that corpus exports the same file again.
    assert.equal((await run(cwd, 'export-codegrapher', 'again', 'twice.jsonl')).code, 0);
    assert.equal(readFileSync(join(cwd, 'twice.jsonl'), 'utf8'), readFileSync(join(cwd, 'demo.jsonl'), 'utf8'));
  });

  it('round-trips generated records byte for byte (seeded), in every writer\'s style', async () => {
    const random = mulberry32(19);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const int = (n: number) => Math.floor(random() * n);
    const pieces = ['a', 'Z', '0', ' ', '"', '\\', '/', '\n', '\t', '\r', '\b', '\f', '\u0001', '\u001f', '\u007f', '\u0085', '\u009f', 'é', '\u2028',
      '\u2796', '中', '\ufeff', '\ufffd', '\ufffe', '\uffff', '😀', '#', ': ', '- ', '{', '[', '&', '*', '!', '%', '@', '`', "'", 'null', 'true', '1e3'];
    const str = (min = 0) => Array.from({ length: min + int(12) }, () => pick(pieces)).join('');
    const hex = () => Array.from({ length: 40 }, () => pick('0123456789abcdef'.split(''))).join('');
    const num = () => pick(['0', '-0', '1', '42', '-7', '1.0', '2.50', '0.1', '1e3', '1E+3', '-2.5e-7', '12345678901234567890', '3.0e0']);
    /** A JSON text (compact) of a random value, numbers as literals. */
    const value = (depth: number): string => {
      const kind = int(depth > 1 ? 5 : 7);
      if (kind === 0) return JSON.stringify(str());
      if (kind === 1) return num();
      if (kind === 2) return pick(['true', 'false', 'null']);
      if (kind === 3) return JSON.stringify(pick(['', 'x', str()]));
      if (kind === 4) return num();
      if (kind === 5) return `[${Array.from({ length: int(4) }, () => value(depth + 1)).join(',')}]`;
      return `{${Array.from({ length: int(4) }, (_, i) => `${JSON.stringify(pick(['1', 'b', str(1)]) + i)}:${value(depth + 1)}`).join(',')}}`;
    };
    const urls = ['https://github.com/pallets/flask', 'https://github.com/pallets/flask.git', 'git@github.com:encode/httpx.git',
      'https://github.com/pytest-dev/pytest/'];
    const records: { members: [string, string][]; style: number }[] = [];
    for (let i = 0; i < 200; i++) {
      const m: [string, string][] = [
        ['task_id', JSON.stringify(`task_${String(i).padStart(3, '0')}${pick(['', '-b', '.v2', '_x'])}`)],
        ['description', JSON.stringify(`T${str()}`)],
        ['repo', JSON.stringify(pick(urls))],
        ['commit_before', JSON.stringify(hex())],
        ['commit_after', JSON.stringify(hex())],
        ['cursor_file', JSON.stringify(pick(['src/a.py', '', str()]))],
        ['query_terms', `[${Array.from({ length: int(5) }, () => JSON.stringify(str())).join(',')}]`],
        ['files_edited', `[${Array.from({ length: int(4) }, (_, k) => JSON.stringify(`pkg${i}/${pick(['m', 'é', 'a b'])}${k}.py`)).join(',')}]`],
      ];
      if (random() < 0.6) m.push(['query_category', pick([JSON.stringify(pick(['error', 'symbol', 'dependency', 'description'])), value(1)])]);
      if (random() < 0.6) m.push(['expected_bundle_should_contain', `[${Array.from({ length: int(3) }, () => JSON.stringify(str(1))).join(',')}]`]);
      if (random() < 0.6) m.push(['baseline_tokens_sent', num()]);
      if (random() < 0.6) m.push(['expected_tokens_with_codegraph', num()]);
      if (random() < 0.6) m.push(['notes', pick([JSON.stringify(str(1)), '""', 'null', num(), value(1)])]);
      for (let k = int(3); k > 0; k--) m.push([`${pick(['x', 'extra', 'mined_by', '1', 'repo_size'])}${k}`, value(1)]);
      if (random() < 0.4) m.sort(() => random() - 0.5);
      records.push({ members: m, style: int(5) });
    }
    const compact = (r: { members: [string, string][] }) => `{${r.members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
    const byPython = PYTHON ? pythonDumps(records.map((r) => ({ json: compact(r), ascii: r.style === 0 }))) : [];
    const lines = records.map((r, i) => {
      if (r.style <= 1 && PYTHON) return byPython[i];
      // Hand-spaced: no writer's style, kept whole.
      if (r.style === 4) return `{ ${r.members.map(([k, v]) => `${JSON.stringify(k)} : ${v}`).join(' ,  ')} }`;
      return compact(r);
    });
    const cwd = tempDir();
    writeFileSync(join(cwd, 'gen.jsonl'), `${lines.join('\n')}\n`);
    const imported = await run(cwd, 'import-codegrapher', 'gen.jsonl', '--out', 'corpus');
    assert.equal(imported.code, 0, imported.stderr);
    const exported = await run(cwd, 'export-codegrapher', 'corpus', 'out.jsonl');
    assert.equal(exported.code, 0, exported.stderr);
    const out = readFileSync(join(cwd, 'out.jsonl'), 'utf8').split('\n');
    lines.forEach((l, i) => assert.equal(out[i], l, `record ${i + 1}`));
    assert.equal(out.length, lines.length + 1);

    // Lines json.dumps wrote are recognised as its style, never kept whole.
    const corpus = await loadCorpus(join(cwd, 'corpus'), cwd);
    const wholeLines = corpus.fixtures.filter((f) => f.read.fixture.codegrapher?.json_line !== undefined)
      .map((f) => f.read.fixture.codegrapher!.line_number! - 1);
    assert.deepEqual(wholeLines.filter((i) => records[i].style !== 4), []);
    assert.deepEqual(validateCorpus(corpus).filter((p) => p.severity === 'error'), []);
  });

  it('names every bad line with its number and the fix, and writes nothing', async () => {
    const cwd = tempDir();
    const good = (id: string) => JSON.stringify({
      task_id: id, description: 'd', repo: 'https://github.com/a/b', commit_before: 'abcdef1', commit_after: 'abcdef2', cursor_file: 'a.py',
      query_terms: [], files_edited: ['a.py'],
    });
    writeFileSync(join(cwd, 'bad.jsonl'), [
      good('ok_1'),
      '{"task_id": "t2", "description": "d",',
      '',
      JSON.stringify({ task_id: 't3', description: 'd', repo: 'r', commit_before: 'abcdef1', commit_after: 'abcdef2', query_terms: [], files_edited: [] }),
      JSON.stringify({ task_id: 't4', description: 'd', repo: 'r', commit_before: 'main', commit_after: 'abcdef2', cursor_file: 'a', query_terms: [],
        files_edited: [] }),
      good('ok_1'),
      '[1, 2]',
      good('ok_2'),
      good('t9\nbad.jsonl:1:1: error: forged\u202E'),
    ].join('\n') + '\n');
    const result = await run(cwd, 'import-codegrapher', 'bad.jsonl', '--out', 'corpus');
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.deepEqual(result.stderr.split('\n').slice(0, -1), [
      'bad.jsonl:2:38: error: not JSON (expected `"`, found the end of the line): each line holds one CodeGrapher record, a JSON object; fix the line or remove it',
      'bad.jsonl:4:1: error: the record lacks `cursor_file`, which the CodeGrapher format requires (task_id, description, repo, commit_before, '
        + 'commit_after, cursor_file, query_terms, files_edited): add it',
      'bad.jsonl:5:1: error: `commit_before` must be a commit SHA (hex, e.g. 40 characters), not `"main"`: resolve branch names to commits first',
      'bad.jsonl:6:1: error: task_id `ok_1` is already the id of line 1 of bad.jsonl: ids are unique across a corpus (in any case); rename the task '
        + 'or import into another corpus',
      'bad.jsonl:7:1: error: a line must hold one JSON object (a CodeGrapher record), not a list or a single value',
      // An id with a line break and a bidi control: both shown on the problem's one line.
      'bad.jsonl:9:1: error: task_id `t9\\nbad.jsonl:1:1: error: forged\\u202E` cannot be a fixture id: use letters, digits, `.`, `_` and `-` only (a string), '
        + 'e.g. `t9-bad.jsonl-1-1-error-forged`',
      'fixture-lab: 6 bad records; nothing was written',
    ]);
    assert.equal(existsSync(join(cwd, 'corpus')), false);
  });

  it('refuses each kind of bad record with the fix, and reports every one in a single run', async () => {
    const cwd = tempDir();
    const fields = {
      task_id: 'ok', description: 'd', repo: 'https://github.com/a/b', commit_before: 'abcdef1', commit_after: 'abcdef2', cursor_file: 'a.py',
      query_terms: [] as unknown, files_edited: ['a.py'] as unknown,
    };
    const lines = [
      '{"task_id": "a", "task_id": "b"}',
      JSON.stringify({ ...fields, task_id: 'a/b' }),
      JSON.stringify({ ...fields, task_id: 'c', files_edited: 'a.py' }),
      JSON.stringify({ ...fields, task_id: 'd', files_edited: ['a.py', 'a.pyi'] }),
      `{"task_id": "e", "description": "\\ud800", "repo": "r", "commit_before": "abcdef1", "commit_after": "abcdef2", "cursor_file": "", `
        + '"query_terms": [], "files_edited": []}',
      JSON.stringify({ ...fields, task_id: 'f', query_terms: 'x' }),
      `${JSON.stringify({ ...fields, task_id: 'g' })} trailing`,
    ];
    writeFileSync(join(cwd, 'bad.jsonl'), `${lines.join('\n')}\n`);
    const result = await run(cwd, 'import-codegrapher', 'bad.jsonl', '--out', 'corpus');
    assert.equal(result.code, 1);
    const said = result.stderr.split('\n').slice(0, -1);
    const expected: [number, RegExp][] = [
      [1, /:1:18: error: not JSON \(the key `task_id` is given twice\)/],
      [2, /:2:1: error: task_id `a\/b` cannot be a fixture id: use letters, digits, `\.`, `_` and `-` only \(a string\), e\.g\. `a-b`/],
      [3, /:3:1: error: `files_edited` must be a list of file paths/],
      [4, /:4:1: error: the fixture it makes would be invalid: `a\.pyi` and `a\.py` \(ground_truth\[0\]\) are the same symbol/],
      [5, /:5:1: error: the record holds a lone UTF-16 surrogate \(\\ud800\), which a UTF-8 fixture cannot keep: fix the text/],
      [6, /:6:1: error: `query_terms` must be a list of strings/],
      [7, /:7:\d+: error: not JSON \(unexpected `t` after the value\)/],
    ];
    assert.equal(said.length, expected.length + 1, result.stderr);
    expected.forEach(([line, pattern], i) => {
      assert.match(said[i], new RegExp(`^bad\\.jsonl:${line}:`), said[i]);
      assert.match(said[i], pattern);
    });
    assert.equal(said.at(-1), 'fixture-lab: 7 bad records; nothing was written');
    assert.equal(existsSync(join(cwd, 'corpus')), false);
  });

  it('keeps the block checked: validate names a bad codegrapher: key and a commit_after diff.head no longer matches', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'one.jsonl'), `${JSON.stringify({
      task_id: 'one', description: 'd', repo: 'https://github.com/a/b', commit_before: 'abcdef1', commit_after: 'abcdef2', cursor_file: 'a.py',
      query_terms: [], files_edited: ['a.py'],
    })}\n`);
    assert.equal((await run(cwd, 'import-codegrapher', 'one.jsonl', '--out', 'corpus')).code, 0);
    const path = join(cwd, 'corpus/tasks/b/medium/01-d.yaml');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace('  head: "abcdef2"', '  head: "abcdef3"').replace('  line_number: 1', '  line_number: first\n  rank: 2'));
    const validated = await run(cwd, 'validate', 'corpus', '--no-resolve');
    assert.equal(validated.code, 1);
    assert.match(validated.stdout, /01-d\.yaml:\d+:3: error: `codegrapher\.line_number` must be a line number/);
    assert.match(validated.stdout, /01-d\.yaml:\d+:3: error: `codegrapher\.rank` is not a field of the CodeGrapher format: put a record's other fields /);
    assert.match(validated.stdout, /01-d\.yaml:\d+:3: warning: codegrapher\.commit_after abcdef2 differs from diff\.head abcdef3/);
    // A labeling edit leaves the record's fields alone: the plain list becomes objects, files_edited reads the same.
    writeFileSync(path, text);
    const labeled = await run(cwd, 'label', 'add', path, 'pkg/util.clean', '--confidence', 'MEDIUM', '--reason', 'read too', '--rater', 'dana');
    assert.equal(labeled.code, 0, labeled.stderr);
    assert.equal((await run(cwd, 'export-codegrapher', 'corpus', 'out.jsonl')).code, 0);
    assert.deepEqual(JSON.parse(readFileSync(join(cwd, 'out.jsonl'), 'utf8')).files_edited, ['a.py', 'pkg/util.clean']);
  });

  it('adds to an existing corpus all or none: a repos.yaml it cannot write leaves no fixture behind', async () => {
    const corpus = demoCorpus();
    const before = filesUnder(corpus);
    const reposBefore = readFileSync(join(corpus, 'repos.yaml'), 'utf8');
    const cwd = tempDir();
    const record = (id: string, repo: string) => JSON.stringify({
      task_id: id, description: `Task ${id}`, repo, commit_before: 'abcdef1', commit_after: 'abcdef2', cursor_file: 'a.py', query_terms: [],
      files_edited: ['a.py'],
    });
    writeFileSync(join(cwd, 'two.jsonl'), `${record('n1', 'https://example.com/bookshop')}\n${record('n2', 'https://github.com/pallets/flask')}\n`);
    chmodSync(join(corpus, 'repos.yaml'), 0o444);
    const refused = await run(cwd, 'import-codegrapher', 'two.jsonl', '--out', corpus);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /repos\.yaml: is read-only \(mode 0444\); nothing was written/);
    assert.deepEqual(filesUnder(corpus), before);
    assert.equal(existsSync(join(corpus, 'tasks/flask')), false, 'the folder made for it is gone too');

    chmodSync(join(corpus, 'repos.yaml'), 0o644);
    const done = await run(cwd, 'import-codegrapher', 'two.jsonl', '--out', corpus);
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, /wrote .*tasks\/bookshop\/medium\/05-task-n1\.yaml/, 'numbered after the demo\'s four medium fixtures');
    assert.equal(readFileSync(join(corpus, 'repos.yaml'), 'utf8'), `${reposBefore}  - name: "flask"\n    url: "https://github.com/pallets/flask"\n`
      + '    commit: "abcdef1"\n    language: python\n');
  });
});
