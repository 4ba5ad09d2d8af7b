// Definitions changed together with the changed ones (docs/fixture-format.md#default-candidates): the
// repository's own history before base, read with git. What was edited in the same small commits as a
// changed definition (a validator with its pattern, a table's entries with the functions that
// register them, a type with its constructor) is what the next edit of it often needs again, with
// no call, type use or data flow between them. Language-agnostic and bounded: the last
// HISTORY_COMMITS commits touching the change's files, each read as a change of its own.
import type { Repository } from '../git/repository';
import { languageOf } from '../symbols/languages';
import { isTestPath } from '../symbols/testPaths';
import { changedSymbols } from './changedSymbols';
import type { ChangeReport } from './changedSymbols';
import type { LinkFn } from './links';
import type { Index } from './repositoryIndex';

/** Commits read: the last ones before base that touch a file holding a changed definition. */
export const HISTORY_COMMITS = 10;
/** A commit touching more source files than this (a reformat, a rename, a release) says nothing about which definitions belong together. */
const MAX_COMMIT_FILES = 8;
/** A commit changing more definitions than this beside the changed one is not a pair's evidence either. */
const MAX_PARTNERS = 10;
/** Changed together in this many commits: half a link, listed on its own; once, a quarter. */
const SUPPORTED = 2;
export const CO_CHANGE_WEIGHT = 0.5;
/** At most this many partners per changed symbol, the most often changed with it first. */
const PER_SYMBOL = 3;

interface Partner { path: string; symbol: string; commits: string[] }

export async function coChanges(repo: Repository, index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const own = report.symbols.filter((s) => s.change !== 'added' && !isTestPath(s.file));
  if (own.length === 0) return;
  const names = new Map(own.map((s) => [s.baseSymbol ?? s.symbol, s]));
  const paths = [...new Set(report.files.map((f) => f.oldPath))]
    .filter((p): p is string => !!p && !isTestPath(p) && languageOf(p) !== undefined);
  if (paths.length === 0) return;
  const log = await repo.git.raw(['log', '--no-merges', '--full-history', `-n${HISTORY_COMMITS}`, '--format=%H %P', report.base, '--', ...paths])
    .catch(() => '');
  // A root commit (no parent) imports the files: no pair was edited together there.
  const commits = log.split('\n').map((l) => l.trim().split(' ')).filter((p) => p.length === 2 && /^[0-9a-f]+$/.test(p[1]));
  // Per changed symbol, per partner: the commits that changed both.
  const support = new Map<string, Map<string, Partner>>();
  for (const [sha, parent] of commits) {
    const touched = (await repo.git.raw(['diff-tree', '--no-commit-id', '--name-only', '-r', parent, sha]).catch(() => ''))
      .split('\n').filter((p) => p && languageOf(p) !== undefined && !isTestPath(p));
    if (touched.length === 0 || touched.length > MAX_COMMIT_FILES) continue;
    const changed = (await changedSymbols(repo, parent, sha)).symbols.filter((s) => !isTestPath(s.file));
    const mine = changed.filter((s) => names.has(s.symbol));
    const partners = changed.filter((s) => !names.has(s.symbol) && s.change !== 'deleted');
    if (mine.length === 0 || partners.length === 0 || partners.length > MAX_PARTNERS) continue;
    for (const m of mine) {
      const byPartner = support.get(m.symbol) ?? new Map<string, Partner>();
      support.set(m.symbol, byPartner);
      for (const p of partners) {
        const entry = byPartner.get(p.symbol) ?? { path: p.file, symbol: p.symbol, commits: [] };
        if (!entry.commits.includes(sha)) entry.commits.push(sha);
        byPartner.set(p.symbol, entry);
      }
    }
  }
  for (const [symbol, byPartner] of support) {
    const via = names.get(symbol)!;
    const ranked = [...byPartner.values()].sort((a, b) => b.commits.length - a.commits.length || a.symbol.localeCompare(b.symbol));
    let kept = 0;
    for (const p of ranked) {
      if (kept === PER_SYMBOL) break;
      // The partner as base holds it: its name and lines there (one renamed or deleted since links nothing).
      const def = (await index.file(report.base, p.path))?.defs.find((d) => d.symbol === p.symbol);
      if (!def) continue;
      kept++;
      const n = p.commits.length;
      const weight = n >= SUPPORTED ? CO_CHANGE_WEIGHT : CO_CHANGE_WEIGHT / 2;
      const why = `changed with ${symbol.slice(symbol.lastIndexOf('.') + 1)} in ${n === 1 ? `commit ${p.commits[0].slice(0, 7)}` : `${n} commits`}`;
      link({ path: p.path, def }, 'type', via, weight, why, false, 1, true);
    }
  }
}
