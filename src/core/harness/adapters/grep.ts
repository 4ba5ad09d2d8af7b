// The grep baseline exactly as docs/scoring.md#systems-corpussystemsyaml describes it: the task's keywords (the shared extractor),
// each searched across the repository's source files in its languages, at most 20 lines per
// keyword, stopping once the lines printed pass the token budget; the symbols are the
// definitions enclosing the hit lines, in hit order. It runs `git grep` at the task's revision
// (case-insensitive, fixed strings), so it needs no checkout and nothing installed.
import { Definition, definitionAt, definitionsOf } from '../../symbols/definitions';
import { countTokens } from '../../scoring/tokens';
import { extractKeywords } from '../../symbols/words';
import { languageGlobs, QueryInput, QueryOutput, RepoContext, Retriever } from './types';

export const LINES_PER_KEYWORD = 20;

export class GrepBaseline implements Retriever {
  private readonly definitions = new Map<string, Promise<Definition[]>>();

  async prepare(): Promise<void> {
    // Nothing to index: grep's cost is all at query time, as in the methodology.
  }

  async query(ctx: RepoContext, input: QueryInput): Promise<QueryOutput> {
    const globs = languageGlobs(ctx.languages);
    const lines: string[] = [];
    const hits: { path: string; line: number }[] = [];
    let tokens = 0;
    search: for (const keyword of extractKeywords(input.task)) {
      const out = await ctx.repo.git
        .raw(['grep', '-n', '-z', '-i', '-F', '-I', '--full-name', '-e', keyword, ctx.rev, '--', ...globs])
        .catch(() => ''); // exit 1: no match
      for (const { path, lineNo, content } of grepHits(out, ctx.rev).slice(0, LINES_PER_KEYWORD)) {
        const printed = `${path}:${lineNo}:${content}`;
        tokens += countTokens(printed + '\n');
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
 * `git grep -n -z REV` output: `REV:path\0line\0text\n` per hit. A path may hold a newline (only
 * NUL cannot be in one) and a matched line holds none, so records are read field by field: the
 * path up to NUL, the number up to NUL, the text up to the newline.
 */
export function grepHits(out: string, rev: string): { path: string; lineNo: number; content: string }[] {
  const hits: { path: string; lineNo: number; content: string }[] = [];
  for (let at = 0; at < out.length;) {
    const pathEnd = out.indexOf('\0', at);
    const lineEnd = pathEnd < 0 ? -1 : out.indexOf('\0', pathEnd + 1);
    if (lineEnd < 0) break;
    const textEnd = out.indexOf('\n', lineEnd + 1);
    const end = textEnd < 0 ? out.length : textEnd;
    hits.push({ path: out.slice(at + rev.length + 1, pathEnd), lineNo: Number(out.slice(pathEnd + 1, lineEnd)), content: out.slice(lineEnd + 1, end) });
    at = end + 1;
  }
  return hits;
}
