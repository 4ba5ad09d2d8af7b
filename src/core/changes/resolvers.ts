// Which resolver decides what a name in a change's neighbourhood means (docs/fixture-format.md#resolvers):
// the tree-sitter heuristics alone, or a compiler-grade SCIP index where one exists for the
// language, the heuristics elsewhere. Every fallback is said in a note the front end shows: a
// list made by other means than asked must never pass for the asked one.
import type { Repository } from '../git/repository';
import { languageOf } from '../symbols/languages';
import { defaultIndexersDir, INDEXERS, installedIndexers, installIndexers } from '../symbols/scip/indexers';
import { ScipResolver } from '../symbols/scip/resolver';
import type { ChangeReport } from './changedSymbols';

export type ResolverName = 'scip' | 'heuristic';
export const RESOLVERS: readonly ResolverName[] = ['scip', 'heuristic'];
/**
 * The heuristics: on the held-out half of rounds 1 to 4 the scip resolver, with the neighbours its
 * index adds, finds one ground-truth symbol more of 150 at 5.6 points less precision (29.8%, under
 * the 30% target), and indexing a change's two revisions cold costs 10 to 70 s of CPU (minutes on
 * a shared machine) where the heuristics take about one (docs/candidates.md#the-scip-resolver).
 */
export const DEFAULT_RESOLVER: ResolverName = 'heuristic';

export interface ResolverOptions {
  resolver?: ResolverName;
  /** Where indexers install and indexes are cached (default: indexers.ts's defaultIndexersDir). */
  indexersDir?: string;
  /** Install the indexers when they are not (npm, first use only): default true. */
  install?: boolean;
  /**
   * Told, as it starts, of each step that can take minutes (the install, indexing a revision), so a
   * front end can say it while the person waits; without it an install is said in `notes`.
   */
  progress?: (line: string) => void;
}

export interface ResolverUse {
  /** What resolved the names: `scip` when an index covered at least one language of the change. */
  used: ResolverName;
  /** Each fallback and each install, in a line the front end shows (stderr, a notification). */
  notes: string[];
  /** Seconds spent indexing for this change (0: from the cache, or not asked). */
  indexSeconds: number;
  precise?: ScipResolver;
}

/** Set up the resolver `options` ask for over the change `report`, falling back, said in a note, where it cannot run. */
export async function resolverFor(repo: Repository, report: ChangeReport, options: ResolverOptions = {}): Promise<ResolverUse> {
  if ((options.resolver ?? DEFAULT_RESOLVER) === 'heuristic') return { used: 'heuristic', notes: [], indexSeconds: 0 };
  const notes: string[] = [];
  const fallback = (why: string): ResolverUse => (
    { used: 'heuristic', notes: [...notes, `scip resolver unavailable (${why}): names resolved by the tree-sitter heuristics`], indexSeconds: 0 });
  const dir = options.indexersDir ?? defaultIndexersDir();
  let home = installedIndexers(dir);
  if (!home) {
    if (options.install === false) return fallback(`no indexers installed in ${dir}`);
    try {
      home = await installIndexers(dir, options.progress ?? ((line) => notes.push(line)));
    } catch (e) {
      return fallback((e as Error).message);
    }
  }
  const precise = new ScipResolver(repo, home, dir, options.progress);
  let covered: Set<string>;
  try {
    const names = new Set([...(await precise.prepare(report.base)), ...(await precise.prepare(report.head))]);
    covered = new Set([...names].flatMap((n) => INDEXERS[n].languages));
  } catch (e) {
    return fallback((e as Error).message);
  }
  const languages = new Set(report.files.map((f) => languageOf(f.newPath ?? f.oldPath ?? '')).filter((l) => l !== undefined));
  const uncovered = [...languages].filter((l) => !covered.has(l));
  if (uncovered.length > 0) notes.push(`no SCIP indexer for ${uncovered.join(', ')}: its names resolved by the tree-sitter heuristics`);
  if (uncovered.length === languages.size) return { used: 'heuristic', notes, indexSeconds: precise.seconds };
  return { used: 'scip', notes, indexSeconds: precise.seconds, precise };
}
