// The BM25 baseline: every definition of the repository at the task's revision is a document
// (its qualified name's words, weighted 3x, and its body), ranked by BM25 against the task's
// keywords, and packed into the token budget as the code an agent would read. Ranking is
// MiniSearch's (BM25+); the words are split as everywhere else (identifierWords).
import MiniSearch from 'minisearch';
import { definitionsOf } from '../../symbols/definitions';
import { languageOf } from '../../symbols/languages';
import { countTokens } from '../../scoring/tokens';
import { extractKeywords, identifierWords } from '../../symbols/words';
import { LANGUAGE_GLOBS, QueryInput, QueryOutput, RepoContext, Retriever } from './types';

/** Lines of a definition's body that are indexed and printed; long bodies add words, not meaning. */
const MAX_BODY_LINES = 200;
/** Ranked hits looked at while packing: past these the scores say little. */
const MAX_CONSIDERED = 200;

interface SymbolDoc {
  id: number;
  symbol: string;
  file: string;
  startLine: number;
  endLine: number;
  name: string;
  body: string;
}

export class Bm25Baseline implements Retriever {
  private readonly indexes = new Map<string, { search: MiniSearch<SymbolDoc>; docs: SymbolDoc[] }>();

  async prepare(ctx: RepoContext): Promise<void> {
    if (this.indexes.has(ctx.rev)) return;
    const extensions = new Set(ctx.languages.flatMap((l) => LANGUAGE_GLOBS[l.toLowerCase()] ?? []).map((g) => g.slice(1)));
    const files = (await ctx.repo.listFiles(ctx.rev)).filter((p) => languageOf(p) && (extensions.size === 0 || extensions.has(p.slice(p.lastIndexOf('.')))));
    const texts = await ctx.repo.blobReader.read(files.map((p) => `${ctx.rev}:${p}`));
    const docs: SymbolDoc[] = [];
    for (let i = 0; i < files.length; i++) {
      const t = texts[i];
      if (t.kind !== 'text') continue;
      const lines = t.text.split('\n');
      for (const d of await definitionsOf(files[i], t.text)) {
        const body = lines.slice(d.startLine - 1, Math.min(d.endLine, d.startLine - 1 + MAX_BODY_LINES)).join('\n');
        docs.push({ id: docs.length, symbol: d.symbol, file: files[i], startLine: d.startLine, endLine: d.endLine, name: d.symbol, body });
      }
    }
    const search = new MiniSearch<SymbolDoc>({
      fields: ['name', 'body'],
      tokenize: (text) => identifierWords(text),
      searchOptions: { boost: { name: 3 }, combineWith: 'OR' },
    });
    search.addAll(docs);
    this.indexes.set(ctx.rev, { search, docs });
  }

  async query(ctx: RepoContext, input: QueryInput): Promise<QueryOutput> {
    await this.prepare(ctx);
    const { search, docs } = this.indexes.get(ctx.rev)!;
    const words = extractKeywords(input.task).flatMap((k) => identifierWords(k));
    const ranked = words.length === 0 ? [] : search.search(words.join(' '));
    const blocks: string[] = [];
    const symbols: string[] = [];
    const scores: number[] = [];
    let tokens = 0;
    for (const hit of ranked.slice(0, MAX_CONSIDERED)) {
      const doc = docs[hit.id as number];
      const block = `# ${doc.symbol} (${doc.file}:${doc.startLine}-${doc.endLine})\n${doc.body}\n`;
      // Counted with the blank line that follows it: the text's tokens are then the blocks' sum
      // (no cl100k piece runs from a newline into the next block's `#`), where a block counted
      // alone missed the merge of its last newline with the separator and passed the budget.
      const cost = countTokens(`${block}\n`);
      // A block that does not fit is skipped, not the end: a smaller one further down may fit.
      if (tokens + cost > input.budget) continue;
      tokens += cost;
      blocks.push(block);
      symbols.push(doc.symbol);
      scores.push(hit.score);
    }
    // The text as counted for every system; the last block, without its blank line, never counts more.
    while (blocks.length > 0 && countTokens(blocks.join('\n')) > input.budget) {
      blocks.pop();
      symbols.pop();
      scores.pop();
    }
    return { text: blocks.join('\n'), symbols, scores };
  }
}
