// Issue 14's "gaming" property: an answer made of things that are not the ground-truth symbols
// (directories, file paths, package prefixes, the classes of the right methods, the task's own
// words) earns nothing under the default rule, on the demo corpus and on a generated one. Under
// `bounded` the same answers do score, so these answers are the gaming the rule has to stop.
import * as assert from 'node:assert/strict';
import { loadCorpus } from '../../src/core/corpus/load';
import { repositoryPath } from '../../src/core/corpus/repos';
import { Repository } from '../../src/core/git/repository';
import { DEFAULT_MATCH_RULE, matchName, matchRanking, MatchRule } from '../../src/core/scoring/match';
import { scoreMatch } from '../../src/core/scoring/metrics';
import { mulberry32 } from '../../src/core/scoring/significance';
import { normalizeSymbol } from '../../src/core/symbols/normalize';
import { identifierWords } from '../../src/core/symbols/words';
import { demoCorpus } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';

interface Task {
  id: string;
  task: string;
  truth: string[];
  files: string[];
  module?: string;
}

/**
 * Every gaming answer for a task: each directory and file of the repository at the task's
 * revision (with the module path in front too), each prefix of each ground-truth name in its own
 * spelling (its directories, its file, its package, its class) and every shorter tail of those,
 * and each word of the task. A prefix that is itself a ground-truth entry is left out (naming the
 * class is right when the class is ground truth), and so are its tails.
 */
function gamingAnswers(t: Task): string[] {
  const truthKeys = new Set(t.truth.map((s) => matchName(s, t).key));
  const out = new Set<string>();
  const add = (name: string) => {
    if (!truthKeys.has(matchName(name, t).key)) out.add(name);
  };
  const dirs = new Set<string>();
  for (const file of t.files) {
    add(file);
    add(file.replace(/\.[^./]+$/, ''));
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  for (const dir of dirs) {
    add(dir);
    add(`${dir}/`);
    if (t.module) add(`${t.module}/${dir}`);
  }
  for (const symbol of t.truth) {
    const name = normalizeSymbol(symbol, t);
    for (let cut = 1; cut < name.length; cut++) {
      if (name[cut] !== '/' && name[cut] !== '.') continue;
      const prefix = name.slice(0, cut);
      if (truthKeys.has(matchName(prefix).key)) continue;
      add(prefix);
      for (let i = 0; i < prefix.length; i++) if (prefix[i] === '/' || prefix[i] === '.') add(prefix.slice(i + 1));
    }
  }
  for (const word of t.task.split(/\s+/)) {
    const token = word.replace(/^[^A-Za-z0-9_]+|[^A-Za-z0-9_]+$/g, '');
    if (token) add(token);
    for (const part of identifierWords(token)) add(part);
  }
  return [...out];
}

function credited(t: Task, answers: string[], rule: MatchRule): string[] {
  return matchRanking(answers, t.truth, { rule, module: t.module }).ranks.filter((r) => r.relevant).map((r) => `${r.returned} -> ${r.groundTruth}`);
}

function checkCorpus(tasks: Task[]): void {
  let boundedCredits = 0;
  for (const t of tasks) {
    const answers = gamingAnswers(t);
    assert.ok(answers.length > 10, `${t.id}: ${answers.length} gaming answers`);
    assert.deepEqual(credited(t, answers, DEFAULT_MATCH_RULE), [], `${t.id} under ${DEFAULT_MATCH_RULE}`);
    // Each part alone in the top 10 too (the whole list is one answer of hundreds of items).
    for (let i = 0; i < answers.length; i += 10) {
      const s = scoreMatch(matchRanking(answers.slice(i, i + 10), t.truth, { module: t.module }));
      assert.equal(s.precision[10], 0);
      assert.equal(s.recall[10], 0);
      assert.equal(s.mrr, 0);
    }
    boundedCredits += credited(t, answers, 'bounded').length;
  }
  assert.ok(boundedCredits >= tasks.length, `the same answers score under bounded (${boundedCredits} credits over ${tasks.length} tasks)`);
}

describe('scoring: answers that game the matching score 0 under the default rule', () => {
  it('on the demo corpus', async () => {
    const dir = demoCorpus();
    const corpus = await loadCorpus(dir);
    const repo = await Repository.open(repositoryPath(dir, corpus.repos[0]));
    try {
      const tasks: Task[] = [];
      for (const f of corpus.fixtures) {
        const fx = f.read.fixture;
        if (fx.ground_truth.length === 0) continue;
        const rev = fx.diff?.base ?? fx.commit ?? corpus.repos[0].commit;
        assert.ok(rev, f.file);
        tasks.push({ id: fx.id ?? f.file, task: fx.task ?? '', truth: fx.ground_truth.map((g) => g.symbol), files: await repo.listFiles(rev), module: corpus.repos[0].module });
      }
      assert.equal(tasks.length, 8);
      checkCorpus(tasks);
      // Issue 14's example: three words scored 3 of 3 under the old default.
      const easy01 = tasks.find((t) => t.id === 'bookshop-easy-01')!;
      assert.equal(credited(easy01, ['shop', 'worker', 'total'], 'bounded').length, 2);
      assert.deepEqual(credited(easy01, ['shop', 'worker', 'total'], DEFAULT_MATCH_RULE), []);
      const medium01 = tasks.find((t) => t.id === 'bookshop-medium-01')!;
      assert.equal(credited(medium01, ['worker', 'queue', 'Retry'], 'bounded').length, 3);
      assert.deepEqual(credited(medium01, ['worker', 'queue', 'Retry'], DEFAULT_MATCH_RULE), []);
    } finally {
      repo.close();
    }
  });

  it('on a generated corpus (files named like their functions, classes like their files, Go packages, seeded)', async () => {
    const random = mulberry32(2024);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const WORDS = ['cart', 'price', 'queue', 'retry', 'store', 'node', 'job', 'order', 'item', 'user', 'cache', 'handle', 'run', 'total', 'apply'];
    const camel = (w: string) => w[0].toUpperCase() + w.slice(1);
    const repo = new TestRepo();
    const files: Record<string, string> = {};
    const symbols: string[] = [];
    for (let f = 0; f < 24; f++) {
      const depth = 1 + Math.floor(random() * 3);
      const dir = Array.from({ length: depth }, () => pick(WORDS)).join('/');
      const base = pick(WORDS);
      const lang = pick(['py', 'go', 'ts'] as const);
      const path = `${dir}/${base}.${lang}`;
      if (files[path]) continue;
      const stem = `${dir}/${base}`;
      // A function named like its file (shop/checkout.checkout), one named like its directory, another.
      const functions = [base, dir.split('/').pop()!, `${pick(WORDS)}_${pick(WORDS)}`];
      // A class named like its file (Item in item.ts), another; methods never named like their class.
      const classes = [camel(base), camel(pick(WORDS))].filter((c, i, xs) => xs.indexOf(c) === i);
      const lines: string[] = [];
      for (const fn of new Set(functions)) {
        symbols.push(`${stem}.${fn}`);
        lines.push(lang === 'py' ? `def ${fn}():\n    pass\n` : lang === 'go' ? `func ${fn}() {}\n` : `export function ${fn}() {}\n`);
      }
      for (const cls of classes) {
        const methods = [...new Set([base, pick(WORDS), pick(WORDS)])].filter((m) => m !== cls);
        for (const m of methods) symbols.push(`${stem}.${cls}.${m}`);
        lines.push(lang === 'py' ? `class ${cls}:\n${methods.map((m) => `    def ${m}(self):\n        pass\n`).join('')}` : lang === 'go' ? `type ${cls} struct{}\n${methods.map((m) => `func (x *${cls}) ${m}() {}\n`).join('')}` : `export class ${cls} {\n${methods.map((m) => `  ${m}() {}\n`).join('')}}\n`);
      }
      files[path] = (lang === 'go' ? `package ${dir.split('/').pop()}\n\n` : '') + lines.join('\n');
    }
    const rev = repo.commit('generated', files);
    const listed = await (await Repository.open(repo.dir)).listFiles(rev);
    const tasks: Task[] = [];
    for (let i = 0; i < 40; i++) {
      const truth = [...new Set(Array.from({ length: 2 + Math.floor(random() * 5) }, () => pick(symbols)))];
      const words = truth.flatMap((s) => identifierWords(s.split('.').slice(-2).join(' ')));
      tasks.push({ id: `gen-${i}`, task: `Change ${words.join(' and ')} so that the ${pick(WORDS)} works.`, truth, files: listed, module: 'example.com/gen' });
    }
    checkCorpus(tasks);
  });
});
