// Every symbol a fixture names (ground truth, labels, candidates, disputes) checked against the
// code at the fixture's revision: `diff.base` for a change, else `commit`, else repos.yaml's
// pinned commit. A name that does not resolve is a warning with the nearest existing name; the
// corpus's match rate is counted over ground truth and over every symbol. `validate`,
// `label add` and the editor's label action all go through here.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { symbolLists } from '../fixtures/duplicates';
import type { Fixture } from '../fixtures/model';
import { Repository } from '../git/repository';
import { sameRevision } from '../git/revisions';
import { relocationReport } from '../labeling/relocate';
import { BodyIndex } from '../symbols/bodyIndex';
import { FixtureLabError, Problem } from '../problems';
import { CANONICAL, normalizeSymbol, symbolKey } from '../symbols/normalize';
import { SymbolAnswer, SymbolResolver } from '../symbols/resolve';
import { corpusCacheDir, SymbolStore } from '../symbols/resolveCache';
import type { Corpus, FixtureFile } from './load';
import { RepoEntry, repositoryPath } from './repos';

export interface MatchRate {
  resolved: number;
  total: number;
  /** resolved / total, or null when there is nothing to count. */
  rate: number | null;
}

export interface SymbolCheck {
  problems: Problem[];
  /** Ground-truth entries found in the code. */
  ground_truth: MatchRate;
  /** Every distinct symbol of every fixture (ground truth, labels, candidates, disputes). */
  all_symbols: MatchRate;
  /** Symbols not checked: their repository or revision could not be had (each said once in `problems`). */
  not_checked: number;
  /** Files tree-sitter parsed for this check: 0 when the cache answered everything. */
  parsed: number;
}

export interface ResolveOptions {
  /** Local checkouts by repo name, over repos.yaml's `path:` (the extension's fixtureLab.repositoryPaths). */
  repositoryPaths?: Record<string, string>;
  /** The cache folder; false keeps nothing on disk. Default: the corpus's `.fixture-lab/cache/`. */
  cacheDir?: string | false;
  /** Check the ground truth only (what a run scores), not every list. */
  groundTruthOnly?: boolean;
}

/** One repository's resolver, opening the repository only when the cache cannot answer. */
export class RepoSymbols {
  readonly resolver: SymbolResolver;
  /** Why the repository could not be opened, once it was tried and failed. */
  failure?: string;
  private opened?: Repository;

  constructor(readonly entry: RepoEntry, corpusDir: string, options: ResolveOptions = {}, open?: () => Promise<Repository>) {
    const cacheDir = options.cacheDir === false ? undefined : options.cacheDir ?? corpusCacheDir(corpusDir);
    this.resolver = new SymbolResolver(async () => {
      try {
        if (open) return await open();
        return (this.opened = await Repository.open(repositoryPath(corpusDir, entry, options.repositoryPaths?.[entry.name])));
      } catch (e) {
        this.failure = reasonOf(e);
        throw e;
      }
    }, new SymbolStore(cacheDir, entry.name));
  }

  /** Saves what was derived and closes a repository it opened itself. */
  async close(): Promise<void> {
    await this.resolver.save();
    this.opened?.close();
  }
}

/** Where a fixture's symbols are checked: the revision, and the field that names it. */
export function revisionOf(f: Fixture, repo: RepoEntry | undefined): { rev: string; field: string } | undefined {
  if (f.diff) return { rev: f.diff.base, field: 'diff.base' };
  if (f.commit) return { rev: f.commit, field: 'commit' };
  if (repo?.commit) return { rev: repo.commit, field: `repos.yaml's commit` };
  return undefined;
}

export interface SymbolVerdict {
  answer: SymbolAnswer;
  /** For a change: the symbol is defined at diff.head although not at base. */
  onlyAtHead?: boolean;
  /**
   * Its file has a syntax error tree-sitter did not recover from (parseDamage.ts), or was read in a
   * guessed encoding: said with the warning, as it may be defined all the same.
   */
  unparsed?: string;
}

/**
 * The verdicts on `symbols` (as written) at the fixture's revision, by comparison key. Throws a
 * FixtureLabError when the repository or the revision cannot be had.
 */
export async function judgeSymbols(repo: RepoSymbols, f: Fixture, symbols: string[]): Promise<Map<string, SymbolVerdict>> {
  const where = revisionOf(f, repo.entry);
  if (!where) throw new FixtureLabError('no revision to check them at: set `diff:` or `commit:` (or the repo\'s `commit:` in repos.yaml)');
  const options = { module: repo.entry.module };
  const keys = [...new Set(symbols.map((s) => symbolKey(s, options)).filter(Boolean))];
  const answers = await repo.resolver.resolve(where.rev, keys);
  const verdicts = new Map<string, SymbolVerdict>([...answers].map(([k, answer]) => [k, { answer }]));
  const missing = keys.filter((k) => !answers.get(k)!.found);
  if (f.diff && missing.length > 0) {
    const atHead = await repo.resolver.resolve(f.diff.head, missing).catch(() => undefined);
    for (const k of missing) if (atHead?.get(k)?.found) verdicts.get(k)!.onlyAtHead = true;
  }
  for (const k of missing) {
    const damaged = await repo.resolver.damageFor(where.rev, k).catch(() => undefined);
    if (damaged) verdicts.get(k)!.unparsed = damaged.reason;
  }
  return verdicts;
}

/** The warning for a symbol that does not resolve; undefined when it does. */
export function unresolvedMessage(symbol: string, verdict: SymbolVerdict, f: Fixture, repo: RepoEntry): string | undefined {
  if (verdict.answer.found) return undefined;
  const where = revisionOf(f, repo)!;
  const parts = [`\`${symbol}\` is not defined at ${where.field} ${where.rev.slice(0, 7)}`];
  // Not a wrong name, perhaps: what tree-sitter could not read, said before any suggestion.
  if (verdict.unparsed) parts.push(`${verdict.unparsed}, so it may be defined there all the same`);
  if (verdict.onlyAtHead) parts.push('it exists only at diff.head (the change adds or renames it), and systems run at base: label its base-side name');
  const suggestion = verdict.answer.suggestion;
  if (suggestion) parts.push(`did you mean \`${suggestion}\`?`);
  else if (!verdict.onlyAtHead) parts.push('no defined name is close; check the name');
  return parts.join(': ');
}

/**
 * The label-time check of one symbol (`label add`, the editor's clicks): the warning to show, or
 * undefined when the symbol resolves. A repository or revision that cannot be had is said too.
 */
export async function symbolWarning(repo: RepoSymbols, f: Fixture, symbol: string): Promise<string | undefined> {
  try {
    const verdict = (await judgeSymbols(repo, f, [symbol])).get(symbolKey(symbol, { module: repo.entry.module }));
    return verdict && unresolvedMessage(symbol, verdict, f, repo.entry);
  } catch (e) {
    return `\`${symbol}\` was not checked against the code: ${reasonOf(e)}`;
  } finally {
    await repo.resolver.save();
  }
}

/** Checks every fixture's symbols; `validate` adds the problems and prints the rates. */
export async function checkCorpusSymbols(corpus: Corpus, options: ResolveOptions = {}): Promise<SymbolCheck> {
  const problems: Problem[] = [];
  const gt = { resolved: 0, total: 0 };
  const all = { resolved: 0, total: 0 };
  let notChecked = 0;
  const repos = new Map<string, RepoSymbols>();
  const reported = new Set<string>();
  const revisionFailures = new Map<string, { problem: Problem; fixtures: number }>();
  try {
    for (const f of corpus.fixtures) {
      const fx = f.read.fixture;
      const entry = corpus.repos.find((r) => r.name === fx.repo);
      if (!f.read.parsed || !entry) continue; // a fixture that does not parse or names no known repo is an error already
      const normalize = { module: entry.module };
      // An empty name is an error of its own (read.ts), not a symbol to look for.
      const entries = symbolEntries(f).filter((e) => symbolKey(e.symbol, normalize) !== '' && (e.groundTruth || !options.groundTruthOnly));
      if (entries.length === 0) continue;
      const distinct = new Set(entries.map((e) => symbolKey(e.symbol, normalize)));
      let repo = repos.get(entry.name);
      if (!repo) repos.set(entry.name, (repo = new RepoSymbols(entry, corpus.dir, options)));
      let verdicts: Map<string, SymbolVerdict>;
      try {
        verdicts = await judgeSymbols(repo, fx, entries.map((e) => e.symbol));
      } catch (e) {
        notChecked += distinct.size;
        if (repo.failure) {
          if (!reported.has(entry.name)) problems.push(await repoProblem(corpus, entry, repo.failure));
          reported.add(entry.name);
        } else {
          const where = revisionOf(fx, entry);
          const key = `${entry.name}@${where?.rev}`;
          const seen = revisionFailures.get(key);
          if (seen) seen.fixtures++;
          else {
            const field = where?.field === 'diff.base' ? 'diff/base' : where?.field === 'commit' ? 'commit' : 'repo';
            const problem = at(f, field, `symbols not checked: ${(e as Error).message}`);
            problems.push(problem);
            revisionFailures.set(key, { problem, fixtures: 1 });
          }
        }
        continue;
      }
      const found: Problem[] = [];
      for (const e of entries) {
        const message = unresolvedMessage(e.symbol, verdicts.get(symbolKey(e.symbol, normalize))!, fx, entry);
        if (message) found.push(at(f, e.path, message));
        if (e.groundTruth) {
          gt.total++;
          if (!message) gt.resolved++;
        }
      }
      // A run scores the ground truth only: its stale labels are what make a run's numbers suspect.
      found.push(...(await staleLabels(repo, f, entry)).filter((p) => !options.groundTruthOnly || p.groundTruth).map(({ groundTruth: _, ...p }) => p));
      problems.push(...found.sort((a, b) => a.line - b.line || a.col - b.col));
      all.total += distinct.size;
      all.resolved += [...distinct].filter((k) => verdicts.get(k)!.answer.found).length;
    }
  } finally {
    for (const r of repos.values()) await r.close();
  }
  const parsed = [...repos.values()].reduce((n, r) => n + r.resolver.parsed, 0);
  for (const { problem, fixtures } of revisionFailures.values()) {
    if (fixtures > 1) problem.message += ` (and ${fixtures - 1} other fixture${fixtures > 2 ? 's' : ''} at that revision)`;
  }
  return { problems, ground_truth: rate(gt), all_symbols: rate(all), not_checked: notChecked, parsed };
}

/** A label whose symbol is other code at the fixture's revision than where it was labeled (validate's `stale-label`). */
export interface StaleLabel {
  symbol: string;
  /** Where it is labeled: `ground_truth`, `labels.dana`. */
  lists: string[];
  /** The warning, naming the fixture's file (`file`) in the command that reports where each label stands. */
  message: string;
}

/** Whether any label of `fx` was made at another revision than the fixture's: only then can one be stale. */
export function labeledElsewhere(fx: Fixture, entry: RepoEntry | undefined): boolean {
  const where = revisionOf(fx, entry);
  const elsewhere = (at: string | undefined) => at !== undefined && where !== undefined && !sameRevision(where.rev, at);
  return where !== undefined && [...fx.ground_truth, ...Object.values(fx.labels).flat()].some((l) => elsewhere(l.at));
}

/**
 * Labels made at another revision than the fixture's (`at`), whose symbol is not the same code
 * there: a fixture whose revision was edited by hand keeps names that may now mean something else
 * where systems run and are scored. relocate's verdicts, in words; `validate` warns at each, and a
 * run and the panel say so beside the scores of its ground truth. `index` is the repository's
 * BodyIndex (named with `entry.module`); `file` the fixture's path as shown.
 */
export async function staleLabelsOf(index: BodyIndex, fx: Fixture, entry: RepoEntry, file: string): Promise<StaleLabel[]> {
  const where = revisionOf(fx, entry);
  if (!where || !labeledElsewhere(fx, entry)) return [];
  const report = await relocationReport(index, fx, where.rev, where.rev, { module: entry.module });
  return report.relocations.filter((r) => r.status !== 'unchanged' && r.from !== report.to).map((r) => {
    const now = r.status === 'moved' ? `its body is \`${r.moved_to}\` there` : r.status === 'changed' ? 'its body differs there' : 'it is gone there';
    const message = `\`${r.symbol}\` was labeled at ${r.from.slice(0, 7)}, and at ${where.field} ${where.rev.slice(0, 7)} ${now}: `
      + `it may name other code where systems run; review it (\`fixture-lab relocate ${file} --to ${where.rev.slice(0, 7)}\` says where each label stands)`;
    return { symbol: r.symbol, lists: r.lists, message };
  });
}

/** staleLabelsOf as validate's warnings, each at the label's entry in the file. */
async function staleLabels(repo: RepoSymbols, f: FixtureFile, entry: RepoEntry): Promise<(Problem & { groundTruth: boolean })[]> {
  const fx = f.read.fixture;
  if (!labeledElsewhere(fx, entry)) return [];
  const options = { module: entry.module };
  const stale = await staleLabelsOf(new BodyIndex(await repo.resolver.repo(), options), fx, entry, f.file);
  const entries = symbolEntries(f);
  return stale.map((r) => {
    const key = symbolKey(r.symbol, options);
    // The entry in a list it is labeled in (`labels/dana/0/symbol` is in `labels.dana`), else any.
    const list = (path: string) => path.split('/').slice(0, path.startsWith('labels/') ? 2 : 1).join('.');
    const first = entries.find((e) => symbolKey(e.symbol, options) === key && r.lists.includes(list(e.path)))
      ?? entries.find((e) => symbolKey(e.symbol, options) === key);
    return { ...at(f, first?.path ?? 'ground_truth', r.message), code: 'stale-label' as const, groundTruth: r.lists.includes('ground_truth') };
  });
}

interface SymbolEntry {
  symbol: string;
  /** The offsets path of the entry (read.ts), where its warning points. */
  path: string;
  groundTruth: boolean;
}

function symbolEntries(f: FixtureFile): SymbolEntry[] {
  return symbolLists(f.read.fixture).flatMap(([list, symbols]) => symbols.map((symbol, i) => {
    const path = f.read.offsets.has(`${list}/${i}/symbol`) ? `${list}/${i}/symbol` : `${list}/${i}`;
    return { symbol, path, groundTruth: list === 'ground_truth' };
  }));
}

function at(f: FixtureFile, path: string, message: string): Problem {
  const offset = f.read.offsets.get(path) ?? 0;
  return { file: f.file, ...f.read.position(offset), severity: 'warning', code: 'unresolved-symbol', message };
}

/** One warning for a repository that cannot be opened, at its entry in repos.yaml. */
async function repoProblem(corpus: Corpus, entry: RepoEntry, reason: string): Promise<Problem> {
  const lines = (await fs.readFile(join(corpus.dir, 'repos.yaml'), 'utf8').catch(() => '')).split('\n');
  const named = (l: string) => l.replace(/^\s*(-\s*)?/, '').replace(/\s+#.*$/, '').replace(/^name:\s*/, 'name: ').trim();
  const index = lines.findIndex((l) => [`name: ${entry.name}`, `name: "${entry.name}"`, `name: '${entry.name}'`].includes(named(l)));
  const line = index < 0 ? 1 : index + 1;
  const col = index < 0 ? 1 : lines[index].indexOf('name:') + 1;
  const message = reason.startsWith(`repo \`${entry.name}\``) ? reason : `repo \`${entry.name}\`: ${reason}`;
  return { file: corpus.reposFile, line, col, severity: 'warning', code: 'repo-unavailable', message: `${message}; its symbols were not checked` };
}

/** A failure as one line: a FixtureLabError about repos.yaml without the file, others as they are. */
function reasonOf(e: unknown): string {
  if (e instanceof FixtureLabError && e.file?.endsWith('repos.yaml')) return e.message.slice(e.file.length + 2);
  return e instanceof Error ? e.message : String(e);
}

function rate({ resolved, total }: { resolved: number; total: number }): MatchRate {
  return { resolved, total, rate: total === 0 ? null : resolved / total };
}

/** `ground truth resolved: 412/420, 98.1%`, the seed's match rate. */
export function formatMatchRate(label: string, r: MatchRate): string {
  return `${label} resolved: ${r.resolved}/${r.total}${r.rate === null ? '' : `, ${(r.rate * 100).toFixed(1)}%`}`;
}

/**
 * A run's check (`run`, the panel's Run): every ground-truth symbol looked up at the revision the
 * fixture runs at, as validate looks it up; one that is not there is an error of its fixture, since
 * no system running there could return it. A repository that cannot be opened adds nothing here:
 * the run says so when it opens it.
 */
export async function groundTruthErrors(corpus: Corpus, options: ResolveOptions = {}): Promise<Problem[]> {
  return (await groundTruthCheck(corpus, options)).errors;
}

/**
 * A run's check of the ground truth it scores against, validate's own: `errors`, the names not
 * defined where their fixture runs (groundTruthErrors); `warnings`, validate's `stale-label`
 * warnings at ground-truth labels (made at another revision, whose symbol is other code where the
 * fixture runs now): the fixture is scored, and the run says, where its numbers are read, that
 * they may be scored against names that now mean other code.
 */
export async function groundTruthCheck(corpus: Corpus, options: ResolveOptions = {}): Promise<{ errors: Problem[]; warnings: Problem[] }> {
  const { problems } = await checkCorpusSymbols(corpus, { ...options, groundTruthOnly: true });
  const errors = problems.filter((p) => p.code === 'unresolved-symbol' && !p.message.startsWith('symbols not checked'))
    .map((p): Problem => ({ ...p, severity: 'error', message: `${p.message}; no system running there could return it, so the fixture is not scored` }));
  return { errors, warnings: problems.filter((p) => p.code === 'stale-label') };
}

/**
 * A typed name in its canonical spelling at `rev` (docs/fixture-format.md#symbol-names): its last
 * segment is read as a file extension only when the name so read is a file of the repository there
 * and the whole dotted name is no definition. In a repository whose a.py defines `h` and `ts`,
 * `a.h` and `a.ts` are those functions, never the file `a`; `shop/pricing.py` is the file.
 */
export async function canonicalName(repo: RepoSymbols, files: () => Promise<string[]>, rev: string, raw: string): Promise<string> {
  const module = repo.entry.module;
  const whole = normalizeSymbol(raw, { module, ...CANONICAL });
  const stripped = normalizeSymbol(raw, { module });
  if (whole === stripped || !whole.startsWith(stripped)) return stripped;
  const extension = whole.slice(stripped.length);
  const listed = new Set(await files());
  if (!listed.has(whole) && !listed.has(`${stripped.replace(/\./g, '/')}${extension}`)) return whole;
  const key = symbolKey(whole, { module, ...CANONICAL });
  return (await repo.resolver.resolve(rev, [key])).get(key)?.found ? whole : stripped;
}
