import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { get_encoding } from 'tiktoken';
import { countPiece, decodeRanks, mergeStats } from '../../src/core/scoring/bytePairMerge';
import { LETTER, NUMBER, REGEX_SYNTAX_VERSION } from '../../src/core/scoring/cl100kClasses';
import { cl100kPieceEnd } from '../../src/core/scoring/cl100kSplit';
import { mulberry32 } from '../../src/core/scoring/significance';
import { countTokens, TOKEN_LIMITS, TokenLimits } from '../../src/core/scoring/tokens';
import { ROOT } from '../helpers/demoCorpus';

// The reference: tiktoken's own count of the whole text, as counting was before it was cut up.
const tiktoken = get_encoding('cl100k_base');
const wholeCount = (text: string): number => tiktoken.encode_ordinary(text).length;

// Small enough that moderate texts reach every path: pieces cached or merged each time, merged in
// several windows, joins retried (a 1-byte margin joins where the window's cut-off end still
// reaches, so windows often disagree), and whole merges after the retries run out.
const SMALL: TokenLimits[] = [
  { cached: 4, window: 200, margin: 40, retries: 8 },
  { cached: 1, window: 130, margin: 1, retries: 2 },
  { cached: 16, window: 160, margin: 1, retries: 0 },
  { cached: 0, window: 8192, margin: 1024, retries: 8 },
];

function assertCounts(text: string, label: string): void {
  const expected = wholeCount(text);
  for (const limits of [TOKEN_LIMITS, ...SMALL]) {
    const actual = countTokens(text, limits);
    if (actual !== expected) {
      assert.fail(`${label}: ${actual} tokens with ${JSON.stringify(limits)}, tiktoken counts ${expected} in ${JSON.stringify(text.slice(0, 200))}`);
    }
  }
}

// Pieces of text that stress the pre-tokenizer's rules, joined at random.
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PUNCTUATION = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\'';
const SPACES = [' ', '  ', '\t', '\n', '\r\n', '\r', '\n\n', ' \n ', '\u000b', '\u000c', '\u0085', '\u00a0', '\u1680', '\u2003', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u180e'];
const CONTRACTIONS = ["'s", "'S", "'t", "'re", "'RE", "'rE", "'ve", "'m", "'ll", "'LL", "'lL", "'d", "'D", "'\u017f", "'x", "''", "'"];
const WORDS = ['café', 'naïve', 'Straße', 'ǅemal', 'Ωμέγα', 'Привет', '日本語', '中文字符', '한국어', 'العربية', 'हिन्दी', 'e\u0301', 'ﬁ', '𝒜𝒷𝒸', '𐐀𐐨', '😀', '👩‍👩‍👧', '١٢٣', '１２３４', '²³', 'Ⅻ', '½', '𝟘𝟙𝟚', '\ud800', '\udfff', 'x\ud83d', '\u0000', '\u001f', '\u007f', '<|endoftext|>'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function run(random: () => number, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

function randomCodePoint(random: () => number): string {
  const plane = random();
  const cp = plane < 0.6 ? Math.floor(random() * 0x10000) : plane < 0.9 ? 0x10000 + Math.floor(random() * 0x20000) : Math.floor(random() * 0x110000);
  return String.fromCodePoint(cp);
}

function fragment(random: () => number, long: number): string {
  switch (Math.floor(random() * 11)) {
    case 0:
      return run(random, LETTERS, 1 + Math.floor(random() * 12));
    case 1:
      return run(random, pick(random, [LETTERS, 'a', 'ab', 'xyz', 'é', 'ñaé', '中文', '한']), 1 + Math.floor(random() * long));
    case 2:
      return run(random, '0123456789', 1 + Math.floor(random() * (random() < 0.8 ? 8 : long)));
    case 3:
      return run(random, pick(random, [PUNCTUATION, '.', '=-', '(){}', '😀🎉']), 1 + Math.floor(random() * (random() < 0.8 ? 6 : long)));
    case 4:
      return run(random, pick(random, [' ', '\t', ' \t', '\n', '\r\n', ' \n', '\u3000 ', '\u0085\u00a0']), 1 + Math.floor(random() * (random() < 0.8 ? 4 : long)));
    case 5:
      return pick(random, SPACES);
    case 6:
      return pick(random, CONTRACTIONS);
    case 7:
      return pick(random, WORDS);
    case 8:
      return randomCodePoint(random);
    case 9:
      return `${pick(random, ['def', 'return', 'const', 'import'])} ${run(random, LETTERS, 4)}_${run(random, LETTERS, 3)}(${run(random, '0123456789', 2)});`;
    default:
      return ' ' + run(random, LETTERS, 1 + Math.floor(random() * 8));
  }
}

function randomText(random: () => number, fragments: number, long: number): string {
  let text = '';
  for (let i = 0; i < fragments; i++) text += fragment(random, long);
  return text;
}

describe('token counting (tiktoken cl100k_base)', () => {
  it('counts as OpenAI documents for cl100k_base', () => {
    // The OpenAI cookbook's example: "tiktoken is great!" is 6 tokens in cl100k_base.
    assert.equal(countTokens('tiktoken is great!'), 6);
    assert.equal(countTokens(''), 0);
    assert.equal(countTokens('hello world'), 2);
  });

  it('counts special-token text as ordinary text instead of refusing it', () => {
    assert.ok(countTokens('<|endoftext|>') > 1);
    assert.equal(countTokens('<|endoftext|> '.repeat(40)), wholeCount('<|endoftext|> '.repeat(40)));
  });

  it('counts real code and prose exactly as tiktoken counts each file whole: this repository and the demo\u2019s', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|mjs|py|go|md|json|yaml)$/.test(name)) files.push(path);
      }
    };
    for (const dir of ['src', 'webview', 'test/core', 'docs', 'corpus/demo-src']) walk(join(ROOT, dir));
    assert.ok(files.length > 100, `${files.length} files`);
    let tokens = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const expected = wholeCount(text);
      tokens += expected;
      const actual = countTokens(text);
      if (actual !== expected) assert.fail(`${file}: ${actual} tokens, tiktoken counts ${expected}`);
    }
    assert.ok(tokens > 100_000);
  });

  it('loads the ranks once: later calls are fast', () => {
    countTokens('warm');
    const started = performance.now();
    for (let i = 0; i < 200; i++) countTokens(`def f${i}(x): return x + ${i}`);
    assert.ok(performance.now() - started < 500);
  });

  it('counts random texts exactly as tiktoken counts them whole (property, seeded)', () => {
    const random = mulberry32(12);
    for (let i = 0; i < 400; i++) assertCounts(randomText(random, 1 + Math.floor(random() * 60), 300), `text ${i}`);
  });

  it('counts texts with long runs (letters, digits, punctuation, spaces, CJK) exactly (property, seeded)', () => {
    const random = mulberry32(7);
    for (let i = 0; i < 60; i++) assertCounts(randomText(random, 1 + Math.floor(random() * 6), 3000), `text ${i}`);
  });

  it('counts long single pieces of 5-20 KB exactly, merged in windows', () => {
    const random = mulberry32(3);
    const windows = mergeStats.windows;
    const pieces = [
      'a'.repeat(20000),
      run(random, LETTERS, 20000),
      'x' + run(random, 'ab', 12000),
      run(random, 'éa', 8000),
      '中'.repeat(5000),
      run(random, '中文字符日本語한국어', 5000),
      '.'.repeat(15000),
      run(random, PUNCTUATION, 15000),
      ' ' + run(random, '!?', 10000) + '\r\n\n',
      '😀'.repeat(3000),
      ' '.repeat(12000),
      ' '.repeat(12000) + 'x',
      run(random, ' \t\u3000', 10000) + '\n' + ' '.repeat(3000),
      run(random, '\r\n', 10000),
      '1'.repeat(15000),
      run(random, '𝒜𝒷𝒸', 4000),
    ];
    pieces.forEach((piece, i) => assertCounts(piece, `piece ${i}`));
    assert.ok(mergeStats.windows > windows);
  });

  it('reached every path of the windowed merge while counting exactly', () => {
    // The properties above ran with SMALL limits; each path must have been taken.
    assert.ok(mergeStats.windows > 0, 'merged in windows');
    assert.ok(mergeStats.joinRetries > 0, 'retried a join');
    assert.ok(mergeStats.wholeMerges > 0, 'merged a piece whole after failed joins');
  });

  it('counts a 1 MB line of letters, which tiktoken takes minutes over', () => {
    // tiktoken makes 'a' x 8 one token and 'a' x 16 two of them; so (the join of two merges on a
    // shared token) 'a' x 8k is k tokens.
    assert.equal(wholeCount('a'.repeat(8)), 1);
    assert.equal(wholeCount('a'.repeat(16)), 2);
    assert.equal(countTokens('a'.repeat(8 * 125_000)), 125_000);
  });

  it('cuts text into the pieces tiktoken cuts it into, for every BMP code point and every class edge', () => {
    // Probes whose token boundaries decide a code point's class in tiktoken's regex: "'s" and
    // "111" are single tokens, so a boundary before their last character means c joined the
    // "'" (c is neither letter, number nor space), or c joined the first two digits (c is a number).
    const edges = new Set<number>();
    for (const table of [LETTER, NUMBER]) for (const cp of table) for (const d of [-1, 0, 1]) edges.add(cp + d);
    for (let cp = 0; cp < 0x10000; cp++) edges.add(cp);
    const random = mulberry32(5);
    for (let i = 0; i < 5000; i++) edges.add(0x10000 + Math.floor(random() * 0x100000));
    const codePoints = [...edges].filter((cp) => cp >= 0 && cp < 0x110000 && !(cp >= 0xd800 && cp < 0xe000));
    const tokenLength = new Map<number, number>();
    for (let at = 0; at < codePoints.length; at += 4000) {
      const text = codePoints
        .slice(at, at + 4000)
        .map((cp) => `${String.fromCodePoint(cp)}'s\n\n${String.fromCodePoint(cp)}111\n\n`)
        .join('');
      const theirs = new Set<number>();
      let offset = 0;
      for (const token of tiktoken.encode_ordinary(text)) {
        let length = tokenLength.get(token);
        if (length === undefined) tokenLength.set(token, (length = tiktoken.decode_single_token_bytes(token).length));
        theirs.add((offset += length));
      }
      const ours = new Set<number>();
      let bytes = 0;
      for (let i = 0, end = 0; i < text.length; i = end) {
        end = cl100kPieceEnd(text, i);
        ours.add((bytes += Buffer.byteLength(text.slice(i, end))));
        if (!theirs.has(bytes)) assert.fail(`a piece ends at ${JSON.stringify(text.slice(Math.max(0, i - 8), end + 4))} where tiktoken has no boundary`);
      }
      // At each decisive position, a boundary in tiktoken's tokens iff one between the pieces.
      bytes = 0;
      for (const cp of codePoints.slice(at, at + 4000)) {
        const c = Buffer.byteLength(String.fromCodePoint(cp));
        for (const decisive of [bytes + c + 1, bytes + c + 4 + c + 2]) {
          if (theirs.has(decisive) !== ours.has(decisive)) assert.fail(`U+${cp.toString(16)}: tiktoken and the pre-tokenizer class it differently`);
        }
        bytes += 2 * c + 9;
      }
    }
  });

  it('uses the Unicode tables of the regex crate inside tiktoken, not Node\u2019s', () => {
    // The tables were generated from this regex-syntax version (test/tools/cl100kClasses.mjs);
    // a tiktoken upgrade that builds with another must regenerate them.
    const wasm = readFileSync(require.resolve('tiktoken/tiktoken_bg.wasm')).toString('latin1');
    assert.deepEqual([...new Set(wasm.match(/regex-syntax-\d+\.\d+\.\d+/g))], [REGEX_SYNTAX_VERSION]);
    // Letters Node's newer Unicode knows and the crate's does not are cut as tiktoken cuts them.
    const inTable = (cp: number): boolean => {
      for (let i = 0; i < LETTER.length; i += 2) if (cp >= LETTER[i] && cp <= LETTER[i + 1]) return true;
      return false;
    };
    const newer: string[] = [];
    for (let cp = 0; cp < 0x110000 && newer.length < 200; cp++) {
      if (!(cp >= 0xd800 && cp < 0xe000) && /\p{L}/u.test(String.fromCodePoint(cp)) && !inTable(cp)) newer.push(String.fromCodePoint(cp));
    }
    if (newer.length > 0) assertCounts(newer.map((c) => `x${c}y ${c}${c}a'${c}s `).join(''), 'letters newer than the crate');
  });

  it('holds every cl100k_base token as one token (the merge table is tiktoken\u2019s)', () => {
    for (let rank = 0; rank < 100_256; rank++) {
      const bytes = tiktoken.decode_single_token_bytes(rank);
      if (countPiece(bytes) !== 1) assert.fail(`token ${rank} is not one token`);
    }
  });

  it('decodes the ranks tiktoken ships into tiktoken\u2019s own token bytes, and refuses a damaged table', () => {
    const { bpe_ranks } = JSON.parse(readFileSync(require.resolve('tiktoken/encoders/cl100k_base.json'), 'utf8')) as { bpe_ranks: string };
    const { pool, offsets } = decodeRanks(bpe_ranks.trim());
    assert.equal(offsets.length - 1, 100_256);
    for (let rank = 0; rank < 100_256; rank++) {
      const theirs = tiktoken.decode_single_token_bytes(rank);
      const ours = pool.subarray(offsets[rank], offsets[rank + 1]);
      if (Buffer.compare(Buffer.from(theirs), Buffer.from(ours)) !== 0) assert.fail(`token ${rank}: ${Buffer.from(ours).toString('hex')}, tiktoken has ${Buffer.from(theirs).toString('hex')}`);
    }
    assert.deepEqual([...decodeRanks('! 0 IQ== Ijw= AAEC').pool], [0x21, 0x22, 0x3c, 0x00, 0x01, 0x02]);
    assert.deepEqual([...decodeRanks('! 0 IQ== Ijw= AAEC').offsets], [0, 1, 3, 6]);
    assert.throws(() => decodeRanks('! 1 IQ=='), /unexpected bpe_ranks layout/);
    assert.throws(() => decodeRanks('! 0 I?=='), /token 0 is not base64/);
    assert.throws(() => decodeRanks('! 0 IQ== I'), /token 1 is not base64/);
    assert.throws(() => decodeRanks('! 0 IQ==  Ig=='), /token 1 is not base64/);
  });
});
