// The grep baseline exactly as §2.5 describes it: the task's keywords (the shared extractor),
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
      for (const entry of out.split('\n').filter(Boolean).slice(0, LINES_PER_KEYWORD)) {
        const [where, lineNo, ...content] = entry.split('\0');
        const path = where.slice(ctx.rev.length + 1);
        const printed = `${path}:${lineNo}:${content.join('\0')}`;
        tokens += countTokens(printed + '\n');
        if (tokens > input.budget) break search;
        lines.push(printed);
        hits.push({ path, line: Number(lineNo) });
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
