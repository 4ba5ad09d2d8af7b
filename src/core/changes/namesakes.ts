// Definitions named like the changed ones (docs/fixture-format.md#default-candidates): a changed
// `uLIDRegexString` and the `uLIDRegex` and `isULID` beside it, a changed `RegisterDefaultTranslations`
// and the `registrationFunc` and `RegisterTranslation` it feeds. Code about one thing is named for it;
// a word of a changed name that few files of the repository hold is evidence no call, type use or
// data flow gives (a table's entries, a value passed on, a validator beside its pattern). A word
// many files hold (`options`, `handler`, `value`) says nothing and is not used.
import type { Definition } from '../symbols/definitions';
import { languageOf } from '../symbols/languages';
import { isTestPath } from '../symbols/testPaths';
import { foldPlural, identifierWords } from '../symbols/words';
import type { ChangeReport } from './changedSymbols';
import { dirname, IMPLICIT_CALLS, shortName } from './languageRules';
import type { LinkFn } from './links';
import type { Index } from './repositoryIndex';

/** A word the names of more definitions than this hold (tests apart) is common: it links nothing. */
const RARE_NAMES = 3;
/** A word more files than this hold anywhere is common without reading them (`string`, `options`). */
const FILE_CAP = 80;
/** Words shorter than this (`id`, `io`) are too short to mean one thing; `url`, `iso`, `tag` are kept. */
const MIN_WORD = 3;
/** At most this many namesakes per changed symbol: the ones sharing most of its name's rare information. */
const PER_SYMBOL = 2;
/** A namesake shares at least this share of a changed name's information (its words weighed by rarity). */
const MIN_SHARE = 0.5;
/** A name is evidence one link's half is: listed on its own (STRONG_EVIDENCE), ranked below code links of equal score. */
export const NAMESAKE_WEIGHT = 0.5;

/**
 * A name's words, lower-case, plurals folded: `RegisterDefaultTranslations` -> register, default,
 * translation. A Go-style unexported acronym keeps its first letter (`uLIDRegex` -> ulid, regex).
 */
export function nameWords(name: string): string[] {
  const words = identifierWords(name).map(foldPlural);
  if (words.length > 1 && words[0].length === 1 && /^[a-z][A-Z]{2}/.test(name)) words.splice(0, 2, words[0] + words[1]);
  return words;
}

/**
 * Two words are one when equal, or when one is the other with a suffix (`register`, `registration`;
 * `valid`, `validator`): a shared start of at least 5 letters and three quarters of the shorter.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const short = Math.min(a.length, b.length);
  if (short < 5) return false;
  let n = 0;
  while (n < short && a[n] === b[n]) n++;
  return n >= 5 && n >= 0.75 * short;
}

/** What a word is searched by in the sources: its start, so that `registration` finds `register`. */
const stem = (w: string) => (w.length >= 6 ? w.slice(0, Math.max(5, Math.ceil(0.75 * w.length))) : w);

interface Namesake { path: string; def: Definition; words: string[] }

export async function namesakes(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const changedNames = new Set(report.symbols.flatMap((s) => [s.symbol, s.baseSymbol ?? s.symbol]));
  const own = report.symbols.filter((s) => !isTestPath(s.file) && !IMPLICIT_CALLS.test(shortName(s.symbol)));
  const words = new Map<string, string[]>();
  for (const s of own) words.set(s.symbol, [...new Set(nameWords(shortName(s.symbol)).filter((w) => w.length >= MIN_WORD))]);
  // Each word once: the definitions (outside tests) whose names hold it, undefined where too many files hold it to read.
  const holders = new Map<string, Namesake[] | undefined>();
  for (const w of new Set([...words.values()].flat())) holders.set(w, await namedWith(index, w));
  // How much a word says: a word few names hold says much, one many hold little, a common one nothing.
  const weight = (w: string) => {
    const n = holders.get(w)?.length;
    return n === undefined ? 0 : Math.log(1 + (2 * RARE_NAMES) / Math.max(1, n));
  };
  for (const s of own) {
    const ws = words.get(s.symbol)!;
    // A one-word name (`pop`, `total`, `Parse`) is a common name, whatever its rarity: its namesakes only share the word.
    if (nameWords(shortName(s.symbol)).length < 2) continue;
    const total = ws.reduce((n, w) => n + weight(w), 0);
    const rare = ws.filter((w) => (holders.get(w)?.length ?? Infinity) <= RARE_NAMES);
    if (rare.length === 0 || total <= 0) continue;
    const found = new Map<string, { n: Namesake; share: number; shared: string[] }>();
    for (const n of rare.flatMap((w) => holders.get(w)!)) {
      if (changedNames.has(n.def.symbol) || found.has(n.def.symbol) || dirname(n.path) !== dirname(s.file)) continue;
      const shared = ws.filter((x) => n.words.some((y) => sameWord(x, y)));
      found.set(n.def.symbol, { n, share: shared.reduce((t, x) => t + weight(x), 0) / total, shared });
    }
    // The closest first: most of the name shared, then the same file, then the same folder (a Go package, a Python package).
    const near = (p: string) => (p === s.file ? 2 : dirname(p) === dirname(s.file) ? 1 : 0);
    const best = [...found.values()].filter((f) => f.share >= MIN_SHARE)
      .sort((a, b) => b.share - a.share || near(b.n.path) - near(a.n.path) || a.n.def.symbol.localeCompare(b.n.def.symbol))
      .slice(0, PER_SYMBOL);
    for (const f of best) {
      link({ path: f.n.path, def: f.n.def }, 'type', s, NAMESAKE_WEIGHT, `named like ${shortName(s.symbol)} (${f.shared.join(', ')})`, false, 1, true);
    }
  }
}

/** The definitions at base, outside tests, whose names hold `word`; undefined when more than FILE_CAP files hold it anywhere. */
async function namedWith(index: Index, word: string): Promise<Namesake[] | undefined> {
  const files = await filesHolding(index, stem(word));
  if (files.length > FILE_CAP) return undefined;
  const out: Namesake[] = [];
  for (const path of files.filter((p) => !isTestPath(p))) {
    const defs = (await index.file(index.base, path))?.defs ?? [];
    const kinds = new Map(defs.map((d) => [d.symbol, d.kind]));
    for (const def of defs) {
      // A function's own helpers and locals are not what another definition's reader looks for.
      const parent = def.parent && kinds.get(def.parent);
      if (parent === 'function' || parent === 'method') continue;
      const theirs = nameWords(def.name);
      if (theirs.some((y) => sameWord(word, y))) out.push({ path, def, words: theirs });
    }
  }
  return out;
}

/** The source files at base holding `word` anywhere, any case (`git grep -i -F`). */
async function filesHolding(index: Index, word: string): Promise<string[]> {
  const out = await index.repo.git.raw(['grep', '-l', '-z', '-i', '-F', '-I', '--full-name', '-e', word, index.base, '--']).catch(() => '');
  return out.split('\0').filter(Boolean).map((l) => l.slice(index.base.length + 1)).filter((p) => languageOf(p) !== undefined);
}

