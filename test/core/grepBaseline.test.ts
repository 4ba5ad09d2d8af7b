// The grep baseline searches in one pass over a revision's files read once; its definition is
// `git grep -n -i -F -I` per keyword (docs/scoring.md). These tests hold the two equal, hit for hit
// and answer for answer, on the demo repository, a generated one and a repository of edge cases.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { Repository } from '../../src/core/git/repository';
import { loadCorpus } from '../../src/core/corpus/load';
import { GrepBaseline, GrepHit, LINES_PER_KEYWORD, RevisionFiles } from '../../src/core/harness/adapters/grep';
import { grepReference } from '../helpers/gitGrep';
import { languageGlobs, QueryOutput, RepoContext } from '../../src/core/harness/adapters/types';
import { countTokens } from '../../src/core/scoring/tokens';
import { type Definition, definitionAt, definitionsOf } from '../../src/core/symbols/definitions';
import { extractKeywords } from '../../src/core/symbols/words';
import { generate } from '../bench/generatedRepo';
import { buildDemoOnce, ROOT } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';

const referenceHits = new Map<string, Promise<GrepHit[]>>();
/** git's hits for a keyword at a revision, asked once per test file (the budgets and the hit-for-hit checks share them). */
function reference(ctx: RepoContext, keyword: string): Promise<GrepHit[]> {
  const key = JSON.stringify([ctx.repo.root, ctx.rev, ctx.languages, keyword]);
  if (!referenceHits.has(key)) referenceHits.set(key, grepReference(ctx.repo, ctx.rev, languageGlobs(ctx.languages), keyword));
  return referenceHits.get(key)!;
}

const referenceDefs = new Map<string, Promise<Definition[]>>();
/**
 * The definitions of a file at a revision, read and parsed once per test file: a file at a revision
 * never changes, and the reference asked tree-sitter again for every hit in it, at every budget
 * (about a third of this file's CPU, the 30,000-line file parsed once per hit). The baseline under
 * test keeps its own per-revision cache; this one is the reference's.
 */
function referenceDefinitions(ctx: RepoContext, path: string): Promise<Definition[]> {
  const key = JSON.stringify([ctx.repo.root, ctx.rev, path]);
  if (!referenceDefs.has(key)) {
    referenceDefs.set(key, ctx.repo.readFile(ctx.rev, path).then((f) => (f.kind === 'text' ? definitionsOf(path, f.text) : [])));
  }
  return referenceDefs.get(key)!;
}

/** The baseline as it was defined before the one-pass search: a `git grep` per keyword. */
async function referenceQuery(ctx: RepoContext, task: string, budget: number): Promise<QueryOutput> {
  const lines: string[] = [];
  const hits: { path: string; line: number }[] = [];
  let tokens = 0;
  search: for (const keyword of extractKeywords(task)) {
    for (const { path, lineNo, content } of (await reference(ctx, keyword)).slice(0, LINES_PER_KEYWORD)) {
      const printed = `${path}:${lineNo}:${content}`;
      tokens += countTokens(printed + '\n');
      if (tokens > budget) break search;
      lines.push(printed);
      hits.push({ path, line: lineNo });
    }
  }
  const symbols: string[] = [];
  for (const hit of hits) {
    const def = definitionAt(await referenceDefinitions(ctx, hit.path), hit.line);
    if (def && !symbols.includes(def.symbol)) symbols.push(def.symbol);
  }
  return { text: lines.join('\n') + (lines.length ? '\n' : ''), symbols };
}

async function sameAnswers(ctx: RepoContext, tasks: string[], budgets: number[]): Promise<number> {
  const grep = new GrepBaseline();
  let compared = 0;
  for (const task of tasks) {
    for (const budget of budgets) {
      const input = { taskId: 't', task, budget };
      assert.deepEqual(await grep.query(ctx, input), await referenceQuery(ctx, task, budget), `${ctx.rev.slice(0, 8)} at ${budget}: ${task}`);
      compared++;
    }
  }
  return compared;
}

const context = (repo: Repository, rev: string, languages: string[]): RepoContext => ({ name: 'r', repo, rev, languages, checkout: () => Promise.resolve(repo.root) });

describe('grep baseline: one pass equals git grep per keyword', function () {
  this.timeout(300_000);

  it('every demo fixture at its revision, at 2,000, 5,000 and 10,000 tokens: the same text and symbols', async () => {
    buildDemoOnce();
    const corpus = await loadCorpus(join(ROOT, 'corpus'));
    const repo = await Repository.open(join(ROOT, 'corpus/.repos/bookshop'));
    try {
      let compared = 0;
      for (const file of corpus.fixtures) {
        const f = file.read.fixture;
        if (!f?.task) continue;
        const rev = await repo.resolve(f.diff?.base ?? f.commit ?? 'HEAD');
        compared += await sameAnswers(context(repo, rev, ['python', 'typescript', 'go']), [f.task], [2000, 5000, 10000]);
      }
      assert.ok(compared >= 24, `compared ${compared} answers`);
    } finally {
      repo.close();
    }
  });

  it('a generated repository of 300 files in three languages: every keyword hit for hit, and whole answers', async () => {
    const test = new TestRepo();
    generate(test.dir, 300, (i) => i % 7);
    const rev = test.commit('generated');
    const repo = await Repository.open(test.dir);
    try {
      const tasks = ['The Service handle retries the lookup of request items', 'Store Get returns false over the limit for helper xs', 'Cart price format toFixed for Item ids'];
      const files = await RevisionFiles.read(repo, rev, languageGlobs(['python', 'go', 'typescript']));
      for (const keyword of tasks.flatMap(extractKeywords)) {
        assert.deepEqual(files.search(keyword, LINES_PER_KEYWORD), (await reference(context(repo, rev, ['python', 'go', 'typescript']), keyword)).slice(0, LINES_PER_KEYWORD), keyword);
      }
      await sameAnswers(context(repo, rev, ['python', 'go', 'typescript']), tasks, [2000, 10000]);
      await sameAnswers(context(repo, rev, ['go']), tasks, [5000]);
    } finally {
      repo.close();
    }
  });

  it('edge cases: case, non-ASCII folds, CRLF, a BOM, binary files and attributes, no final newline, large files, path order', async () => {
    const test = new TestRepo();
    const big = Array.from({ length: 30_000 }, (_, i) => `def f${i}(): return ${i}  # Retry padding padding padding`).join('\n') + '\n';
    const rev = test.commit('edges', {
      'a.py': 'def retry():\n    RETRY = 1\n    return Retry(retry)  # retry twice in one line\n',
      'a-b.py': 'x = "\u212Aey"  # Kelvin sign: k under -i\ny = "\u0130d"  # dotted I: not i\nz = "\u017Fo"  # long s: s\nkey = 1\n',
      'a/b.py': '\uFEFFdef bom_retry():\n    pass\n',
      'crlf.py': 'def crlf_retry():\r\n    return 1\r\n',
      'bin.py': Buffer.concat([Buffer.from('retry = 1\n'), Buffer.from([0, 1, 2]), Buffer.from('\nretry = 2\n')]),
      'marked.py': 'retry = 3\n',
      '.gitattributes': 'marked.py binary\n',
      'tail.py': 'def tail():\n    return "retry"',
      'bad.py': Buffer.concat([Buffer.from('s = "'), Buffer.from([0xff, 0xfe]), Buffer.from('retry"\n')]),
      'empty.py': '',
      'big.py': big,
      'notes.txt': 'retry in a file of no language\n',
      'Z.py': 'RETRY_LIMIT = 5\n',
    });
    const repo = await Repository.open(test.dir);
    try {
      const files = await RevisionFiles.read(repo, rev, languageGlobs(['python']));
      for (const keyword of ['retry', 'RETRY', 'key', 'Key', 'ey', 'id', 'crlf', 'bom', 'tail', 'f29999', 'padding', 'so', 'nothing_here']) {
        const expected = await reference(context(repo, rev, ['python']), keyword);
        for (const limit of [1, 3, LINES_PER_KEYWORD]) assert.deepEqual(files.search(keyword, limit), expected.slice(0, limit), `${keyword} (${limit})`);
      }
      assert.ok(files.search('retry', 100).some((h) => h.content.startsWith('\uFEFF')), 'the BOM is kept, as git grep prints it');
      await sameAnswers(context(repo, rev, ['python']), ['Retry the crlf key', 'tail bom padding retry'], [50, 5000]);
    } finally {
      repo.close();
    }
  });
});
