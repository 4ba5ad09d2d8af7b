// The grep baseline exactly as docs/scoring.md#systems-corpussystemsyaml describes it: the task's keywords (the shared extractor),
// each searched across the repository's source files in its languages, at most 20 lines per
// keyword, stopping once the lines printed pass the token budget; the symbols are the
// definitions enclosing the hit lines, in hit order. It matches as `git grep -n -i -F -I` at the
// task's revision does in a UTF-8 locale (test/core/grepBaseline.test.ts compares the two, hit for
// hit), but in one pass over the revision's files read once: a process per keyword cost more than
// the search (docs/performance.md).
import { BlobReader } from '../../git/blobs';
import type { Repository } from '../../git/repository';
import { Definition, definitionAt, definitionsOf } from '../../symbols/definitions';
import { countTokens } from '../../scoring/tokens';
import { extractKeywords } from '../../symbols/words';
import { languageGlobs, QueryInput, QueryOutput, RepoContext, Retriever } from './types';

export const LINES_PER_KEYWORD = 20;

/** A line that matched: where, and its text as `git grep` prints it (no newline). */
export interface GrepHit {
  path: string;
  lineNo: number;
  content: string;
}

export class GrepBaseline implements Retriever {
  private readonly definitions = new Map<string, Promise<Definition[]>>();
  private readonly files = new Map<string, Promise<RevisionFiles>>();
  /** Tokens of each printed line: the warm queries and the other budgets print the same lines again. */
  private readonly lineTokens = new Map<string, number>();

  async prepare(): Promise<void> {
    // Nothing to index: grep's cost is all at query time, as in the methodology.
  }

  async query(ctx: RepoContext, input: QueryInput): Promise<QueryOutput> {
    const files = await this.filesAt(ctx);
    const lines: string[] = [];
    const hits: { path: string; line: number }[] = [];
    let tokens = 0;
    search: for (const keyword of extractKeywords(input.task)) {
      for (const { path, lineNo, content } of files.search(keyword, LINES_PER_KEYWORD)) {
        const printed = `${path}:${lineNo}:${content}`;
        let count = this.lineTokens.get(printed);
        if (count === undefined) this.lineTokens.set(printed, (count = countTokens(printed + '\n')));
        tokens += count;
        if (tokens > input.budget) break search;
        lines.push(printed);
        hits.push({ path, line: lineNo });
      }
    }
    const symbols: string[] = [];
    for (const hit of hits) {
      const def = definitionAt(await this.definitionsIn(ctx, hit.path), hit.line);
      if (def && !symbols.includes(def.symbol)) symbols.push(def.symbol);
    }
    return { text: lines.join('\n') + (lines.length ? '\n' : ''), symbols };
  }

  /** The revision's searchable files, read once per revision and language set (a revision never changes). */
  private filesAt(ctx: RepoContext): Promise<RevisionFiles> {
    const globs = languageGlobs(ctx.languages);
    const key = JSON.stringify([ctx.rev, globs]);
    let files = this.files.get(key);
    if (!files) {
      files = RevisionFiles.read(ctx.repo, ctx.rev, globs);
      files.catch(() => this.files.delete(key)); // a failed read is tried again by the next query
      this.files.set(key, files);
    }
    return files;
  }

  private definitionsIn(ctx: RepoContext, path: string): Promise<Definition[]> {
    const key = `${ctx.rev}:${path}`;
    let defs = this.definitions.get(key);
    if (!defs) {
      defs = ctx.repo.readFile(ctx.rev, path).then((f) => (f.kind === 'text' ? definitionsOf(path, f.text) : []));
      this.definitions.set(key, defs);
    }
    return defs;
  }
}

/**
 * The files `git grep -I REV -- GLOBS` searches, in its order, with their text as git stores it
 * (a byte-order mark kept) and that text case-folded (foldCase).
 */
export class RevisionFiles {
  private constructor(private readonly files: { path: string; text: string; folded: string; lineStarts?: number[] }[]) {}

  static async read(repo: Repository, rev: string, globs: string[]): Promise<RevisionFiles> {
    // git itself names the files: its pathspec globs, its binary rule (attributes included), its order.
    const listed = await repo.git.raw(['grep', '-l', '-z', '-I', '--full-name', '-e', '', rev, '--', ...globs]).catch(() => '');
    const paths = listed.split('\0').filter(Boolean).map((name) => name.slice(rev.length + 1));
    const reader = new BlobReader(repo.root, Infinity, true);
    try {
      const texts = await reader.read(paths.map((p) => `${rev}:${p}`));
      return new RevisionFiles(paths.flatMap((path, i) => {
        const f = texts[i];
        return f.kind === 'text' ? [{ path, text: f.text, folded: foldCase(f.text) }] : [];
      }));
    } finally {
      reader.close();
    }
  }

  /** The first `limit` lines holding `keyword` (ASCII, any case), file by file in git's order. */
  search(keyword: string, limit: number): GrepHit[] {
    const needle = foldCase(keyword);
    const hits: GrepHit[] = [];
    if (!needle) return hits;
    for (const file of this.files) {
      for (let at = file.folded.indexOf(needle); at >= 0 && hits.length < limit;) {
        const start = file.text.lastIndexOf('\n', at - 1) + 1;
        const newline = file.text.indexOf('\n', at);
        const end = newline < 0 ? file.text.length : newline;
        hits.push({ path: file.path, lineNo: lineNumber(file, start), content: file.text.slice(start, end) });
        if (newline < 0) break;
        at = file.folded.indexOf(needle, end + 1);
      }
      if (hits.length >= limit) break;
    }
    return hits;
  }
}

/**
 * `git grep -i -F` in a UTF-8 locale folds case as PCRE2 does: an ASCII letter matches its other
 * case, and `k` and `s` also match the Kelvin sign and the long s, whose simple case folds are
 * those letters. Every keyword is ASCII, so nothing else can match one. The fold keeps each UTF-16
 * unit in place, so offsets in the folded text are offsets in the text. Done here rather than by
 * git, the answer no longer depends on the locale git runs in (in the C locale git folds ASCII only).
 */
function foldCase(text: string): string {
  return text.replace(/[A-Z\u212A\u017F]+/g, (s) => s.replace(/\u212A/g, 'k').replace(/\u017F/g, 's').toLowerCase());
}

/** The 1-based number of the line starting at `start`, from the file's line starts (found once). */
function lineNumber(file: { text: string; lineStarts?: number[] }, start: number): number {
  const starts = (file.lineStarts ??= lineStartsOf(file.text));
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= start) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}
