// Reading the symbols out of a system's output: JSON at a path, one per line, or a regex.
import type { OutputParser } from './systems';

export interface ParsedOutput {
  symbols: string[];
  /** A token count the system reported itself; recorded, never scored (docs/scoring.md#metrics: one tiktoken path). */
  reportedTokens?: number;
  /** Each symbol's score, from parse.scores. */
  scores?: number[];
}

/** Values at a path such as `results[].symbol` or `data.items[].name`. */
export function valuesAt(root: unknown, path: string): unknown[] {
  let current: unknown[] = [root];
  for (const part of path.split('.').filter(Boolean)) {
    const spread = part.endsWith('[]');
    const key = spread ? part.slice(0, -2) : part;
    current = current.flatMap((v) => {
      const next = key === '' ? v : v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
      if (next === undefined || next === null) return [];
      return spread ? (Array.isArray(next) ? (next as unknown[]) : []) : [next];
    });
  }
  return current;
}

export function parseOutput(text: string, parser: OutputParser): ParsedOutput {
  switch (parser.format) {
    case 'lines':
      return { symbols: text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) };
    case 'regex': {
      const re = new RegExp(parser.pattern, 'gm');
      return { symbols: [...text.matchAll(re)].map((m) => m[parser.group]).filter((s): s is string => Boolean(s)) };
    }
    case 'json': {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        throw new Error(`output is not JSON (${(e as Error).message}); set parse.format to lines or regex if the system prints text`);
      }
      const symbols = valuesAt(json, parser.symbols);
      const bad = symbols.findIndex((v) => typeof v !== 'string');
      if (bad >= 0) {
        const what = Array.isArray(symbols[bad]) ? 'a list' : typeof symbols[bad] === 'object' ? 'an object' : `a ${typeof symbols[bad]}`;
        throw new Error(`\`${parser.symbols}\` item ${bad + 1} is ${what}, not a symbol name; point parse.symbols at the names`);
      }
      const reported = parser.tokens ? valuesAt(json, parser.tokens).find((v) => typeof v === 'number') : undefined;
      const scores = parser.scores ? valuesAt(json, parser.scores) : undefined;
      if (scores && (scores.length !== symbols.length || !scores.every((v) => typeof v === 'number' && Number.isFinite(v)))) {
        const many = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
        throw new Error(`\`${parser.scores}\` gives ${many(scores.length, 'score')} for ${many(symbols.length, 'symbol')}, or one that is not a number; `
          + 'point parse.scores at one number per symbol, or leave it out');
      }
      return { symbols: symbols as string[], ...(typeof reported === 'number' ? { reportedTokens: reported } : {}),
        ...(scores ? { scores: scores as number[] } : {}) };
    }
  }
}
