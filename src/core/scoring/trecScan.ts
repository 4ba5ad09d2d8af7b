// `fixture-lab metrics`' reading and scoring in WebAssembly (wasmText.ts says why): the qrels and
// the run are read (or copied) into one WebAssembly memory and read there in one pass each (each
// line split on C's isspace, the docno's FNV-1a hash taken, the number read), into columns (docno
// offsets, hash, value; no line numbers: errors are trecText.ts's to word) and a list of each
// topic's stretch of consecutive lines; then each run topic is scored against its judgments there
// (a hash table of its docnos; each relevant document's rank as 1 + the entries ahead of it in
// trec_eval's order, counted until it can no longer change a measure), leaving JavaScript a few
// numbers per topic. It computes exactly what trecText.ts and trec.ts compute, in the same order
// of operations, and only for input they read without an error: at anything they would refuse or
// read another way (a line with the wrong fields, a relevance that is not a small integer, a
// topic's judgments split across the qrels, a docno twice in a topic) it gives up, and the caller
// evaluates with trecText.ts, which says what is wrong where. test/core/trecBytes.test.ts
// compares the two on random files, good and bad.
import { setFlagsFromString } from 'node:v8';
import { assembleWasm, WasmFunction } from './wasmText';

/** The header's i32 slots, at the memory's start: where each column is, and what the functions found. */
const H = {
  runStart: 0, runEnd: 1, qrelsStart: 2, qrelsEnd: 3, pow: 4, log2: 5,
  rScores: 6, rStarts: 7, rEnds: 8, rHashes: 9, rTopicFrom: 11, rQidStarts: 12, rQidEnds: 13, rSlow: 14,
  qValues: 15, qStarts: 16, qEnds: 17, qHashes: 18, qTopicFrom: 20, qQidStarts: 21, qQidEnds: 22,
  table: 23, levels: 24, pairs: 25, out: 26,
  mask: 27, found: 28, rEntries: 29, rTopics: 30, rSlowCount: 31, qEntries: 32, qTopics: 33, classes: 34,
} as const;
const HEADER_BYTES = 256;
/** The numbers scoreAll leaves per topic: r5, r10, r20, dcg, firstRel, idcg, numRel. */
export const OUT_PER_TOPIC = 7;

/** `local.set $name` of header slot `slot`. */
const header = (slot: keyof typeof H, local: string) => `i32.const ${4 * H[slot]} i32.load local.set $${local}`;
const setHeader = (slot: keyof typeof H, local: string) => `i32.const ${4 * H[slot]} local.get $${local} i32.store`;

/** Stores i32 $value at $column + 4 * $index. */
const store32 = (column: string, index: string, value: string) =>
  `local.get $${column} local.get $${index} i32.const 2 i32.shl i32.add local.get $${value} i32.store`;
/** Pushes the i32 at $column + 4 * $index. */
const load32 = (column: string, index: string) => `local.get $${column} local.get $${index} i32.const 2 i32.shl i32.add i32.load`;
/** Pushes the f64 at $column + 8 * $index. */
const load64 = (column: string, index: string) => `local.get $${column} local.get $${index} i32.const 3 i32.shl i32.add f64.load`;
const increment = (local: string) => `local.get $${local} i32.const 1 i32.add local.set $${local}`;

/**
 * Splits the line at $pos (as trecText.ts's scanLine): $count fields, field k from $s<k> to
 * $e<k> for k in 0, 2, 3, 4, $h field 2's FNV-1a hash; $pos left at the line's newline or at $n,
 * where the file is followed by a newline of the memory's own (so no byte needs a bound check).
 * $classes: each byte's class, 0 in a field, 1 a blank (isspace but the newline), 2 the newline.
 */
const SPLIT_LINE = `
  i32.const 0 local.set $count
  block $eol loop $fields
    loop $blanks
      local.get $classes local.get $pos i32.load8_u i32.add i32.load8_u local.tee $k
      i32.const 1 i32.eq if ${increment('pos')} br $blanks end
    end
    local.get $k br_if $eol
    local.get $pos local.set $start
    local.get $count i32.const 2 i32.eq
    if
      i32.const 0x811c9dc5 local.set $h
      loop $docno
        local.get $classes local.get $pos i32.load8_u local.tee $c i32.add i32.load8_u i32.eqz
        if
          local.get $h local.get $c i32.xor i32.const 16777619 i32.mul local.set $h
          ${increment('pos')} br $docno
        end
      end
      local.get $start local.set $s2 local.get $pos local.set $e2
    else
      loop $other
        local.get $classes local.get $pos i32.load8_u i32.add i32.load8_u i32.eqz if ${increment('pos')} br $other end
      end
      local.get $count i32.eqz if local.get $start local.set $s0 local.get $pos local.set $e0 end
      local.get $count i32.const 3 i32.eq if local.get $start local.set $s3 local.get $pos local.set $e3 end
      local.get $count i32.const 4 i32.eq if local.get $start local.set $s4 local.get $pos local.set $e4 end
    end
    ${increment('count')} br $fields
  end end
  ;; The next line starts past the newline.
  local.get $pos i32.const 1 i32.add local.get $n local.get $pos local.get $n i32.lt_u select local.set $next`;

/**
 * Whether field 0 (the qid) differs from the last stretch's ($qs, $qe): if so, a stretch starts
 * at entry $e: its first entry and its qid recorded at index $t of the stretch columns.
 */
const STRETCH = (from: string, starts: string, ends: string) => `
  i32.const 1 local.set $differ
  local.get $e0 local.get $s0 i32.sub local.get $qe local.get $qs i32.sub i32.eq
  if
    local.get $s0 local.get $e0 local.get $qs local.get $qe call $compare i32.const 0 i32.ne local.set $differ
  end
  local.get $differ
  if
    ${store32(from, 't', 'e')} ${store32(starts, 't', 's0')} ${store32(ends, 't', 'e0')}
    ${increment('t')}
    local.get $s0 local.set $qs local.get $e0 local.set $qe
  end`;

/**
 * The number from $s to $x as trecText.ts's readNumber reads it without a string: an optional
 * sign, then digits with at most one dot, up to 15 digits, as an exact integer over an exact power
 * of ten. $fast says whether it was read so (into $v); $dot whether it had a dot.
 */
const NUMBER = (s: string, x: string) => `
  local.get $${s} local.set $i
  local.get $i i32.load8_u local.set $c
  local.get $c i32.const 45 i32.eq local.set $negative
  local.get $c i32.const 45 i32.eq local.get $c i32.const 43 i32.eq i32.or if ${increment('i')} end
  f64.const 0 local.set $m
  i32.const 0 local.set $digits i32.const 0 local.set $decimals i32.const 0 local.set $dot
  block $number_end loop $number
    local.get $i local.get $${x} i32.ge_u br_if $number_end
    local.get $i i32.load8_u local.set $d
    local.get $d i32.const 48 i32.sub i32.const 9 i32.le_u
    if
      local.get $m f64.const 10 f64.mul local.get $d i32.const 48 i32.sub f64.convert_i32_u f64.add local.set $m
      ${increment('digits')}
      local.get $decimals local.get $dot i32.add local.set $decimals
    else
      local.get $d i32.const 46 i32.ne local.get $dot i32.or br_if $number_end
      i32.const 1 local.set $dot
    end
    ${increment('i')} br $number
  end end
  local.get $i local.get $${x} i32.eq
  local.get $digits i32.const 1 i32.sub i32.const 15 i32.lt_u i32.and
  local.get $decimals i32.const 22 i32.le_u i32.and
  local.set $fast
  local.get $fast
  if
    local.get $m ${load64('pow', 'decimals')} f64.div local.set $v
    local.get $negative if local.get $v f64.neg local.set $v end
  end`;

const SCAN_LOCALS = ['pos', 'n', 'next', 'e', 't', 'qs', 'qe', 'count', 'c', 'start', 's0', 'e0', 's2', 'e2', 's3', 'e3', 's4', 'e4', 'h',
  'i', 'differ', 'negative', 'digits', 'decimals', 'dot', 'd', 'fast', 'pow', 'values', 'starts', 'ends', 'hashes', 'from', 'qidStarts',
  'qidEnds', 'slow', 'slowN', 'j', 'k', 'classes'];

/** Byte-order comparison (strcmp's) of [a, ae) and [b, be): negative, 0 or positive, as trecText.ts's compareRanges. */
const COMPARE: WasmFunction = {
  name: 'compare',
  params: ['a', 'ae', 'b', 'be'],
  i32: ['la', 'lb', 'k', 'd'],
  body: `
    local.get $ae local.get $a i32.sub local.set $la
    local.get $be local.get $b i32.sub local.set $lb
    block $done loop $bytes
      local.get $k local.get $la i32.ge_u br_if $done
      local.get $k local.get $lb i32.ge_u br_if $done
      local.get $a local.get $k i32.add i32.load8_u local.get $b local.get $k i32.add i32.load8_u i32.sub local.set $d
      local.get $d if local.get $d return end
      ${increment('k')} br $bytes
    end end
    local.get $la local.get $lb i32.sub`,
};

/**
 * A scan of one file's lines: its columns' addresses from the header (`r` the run's, `q` the
 * qrels'), each line split, `line` run on each line with fields (it skips to $skip to leave a line
 * out, or returns -1), the entry stored; then the stretches' end, and the counts in the header.
 */
const SCAN = (name: 'scanRun' | 'scanQrels', p: 'r' | 'q', line: string, counts: string): WasmFunction => ({
  name,
  params: [],
  i32: SCAN_LOCALS,
  f64: ['m', 'v'],
  body: `
    ${header(p === 'r' ? 'runStart' : 'qrelsStart', 'pos')} ${header(p === 'r' ? 'runEnd' : 'qrelsEnd', 'n')}
    ${header('pow', 'pow')} ${header('classes', 'classes')} ${header(p === 'r' ? 'rScores' : 'qValues', 'values')}
    ${header(`${p}Starts`, 'starts')} ${header(`${p}Ends`, 'ends')} ${header(`${p}Hashes`, 'hashes')}
    ${header(`${p}TopicFrom`, 'from')} ${header(`${p}QidStarts`, 'qidStarts')} ${header(`${p}QidEnds`, 'qidEnds')}
    ${header('rSlow', 'slow')}
    i32.const -1 local.set $qe
    block $done loop $line
      local.get $pos local.get $n i32.ge_u br_if $done
      ${SPLIT_LINE}
      block $skip
        local.get $count i32.eqz br_if $skip
        ${line}
        local.get $values local.get $e i32.const 3 i32.shl i32.add local.get $v f64.store
        ${store32('starts', 'e', 's2')} ${store32('ends', 'e', 'e2')} ${store32('hashes', 'e', 'h')}
        ${increment('e')}
      end
      local.get $next local.set $pos
      br $line
    end end
    ${store32('from', 't', 'e')}
    ${counts}
    local.get $e`,
});

/** The run's lines (trecText.ts's eachRunTopic): entries and stretches; -1 at a line eachRunTopic refuses. */
const SCAN_RUN = SCAN('scanRun', 'r', `
  ;; Comments: the first field starting with #.
  local.get $s0 i32.load8_u i32.const 35 i32.eq br_if $skip
  local.get $count i32.const 6 i32.lt_u if i32.const -1 return end
  ${STRETCH('from', 'qidStarts', 'qidEnds')}
  ;; The score, field 5; one not read fast is listed (entry, start, end) for the caller's Number().
  ${NUMBER('s4', 'e4')}
  local.get $fast i32.eqz
  if
    f64.const 0 local.set $v
    local.get $slowN i32.const 3 i32.mul local.set $j
    ${store32('slow', 'j', 'e')} ${increment('j')} ${store32('slow', 'j', 's4')} ${increment('j')} ${store32('slow', 'j', 'e4')}
    ${increment('slowN')}
  end`, `${setHeader('rEntries', 'e')} ${setHeader('rTopics', 't')} ${setHeader('rSlowCount', 'slowN')}`);

/** The qrels' lines (trecText.ts's readQrelsLines): entries and stretches; -1 at a line it refuses or reads with Number(). */
const SCAN_QRELS = SCAN('scanQrels', 'q', `
  local.get $count i32.const 4 i32.ne if i32.const -1 return end
  ;; The relevance, field 4: an integer, of up to 15 digits.
  ${NUMBER('s3', 'e3')}
  local.get $fast i32.eqz local.get $dot i32.or if i32.const -1 return end
  ${STRETCH('from', 'qidStarts', 'qidEnds')}`, `${setHeader('qEntries', 'e')} ${setHeader('qTopics', 't')}`);

/**
 * The table (trecText.ts's HashTable.firstRepeat) filled with entries [from, to) of the given
 * columns: the first entry whose bytes an earlier one has (that one in the header's `found`), or -1.
 */
const FILL: WasmFunction = {
  name: 'fill',
  params: ['from', 'to', 'starts', 'ends', 'hashes'],
  i32: ['size', 'slots', 'mask', 'i', 'h', 'slot', 'j'],
  body: `
    i32.const 16 local.set $size
    block $sized loop $double
      local.get $size local.get $to local.get $from i32.sub i32.const 1 i32.shl i32.ge_u br_if $sized
      local.get $size i32.const 1 i32.shl local.set $size br $double
    end end
    ${header('table', 'slots')}
    local.get $size i32.const 1 i32.sub local.set $mask
    ${setHeader('mask', 'mask')}
    block $emptied loop $empty
      local.get $i local.get $size i32.ge_u br_if $emptied
      local.get $slots local.get $i i32.const 2 i32.shl i32.add i32.const -1 i32.store
      ${increment('i')} br $empty
    end end
    local.get $from local.set $i
    block $filled loop $entries
      local.get $i local.get $to i32.ge_u br_if $filled
      ${load32('hashes', 'i')} local.set $h
      local.get $h local.get $mask i32.and local.set $slot
      block $free loop $probe
        ${load32('slots', 'slot')} local.tee $j i32.const 0 i32.lt_s br_if $free
        ${load32('hashes', 'j')} local.get $h i32.eq
        if
          ${load32('starts', 'i')} ${load32('ends', 'i')} ${load32('starts', 'j')} ${load32('ends', 'j')} call $compare i32.eqz
          if ${setHeader('found', 'j')} local.get $i return end
        end
        local.get $slot i32.const 1 i32.add local.get $mask i32.and local.set $slot
        br $probe
      end end
      ${store32('slots', 'slot', 'i')}
      ${increment('i')} br $entries
    end end
    i32.const -1`,
};

/** The first qrels stretch (a topic, once scanQrels' caller knows no topic has two) judging a document twice, or -1. */
const REPEATED_JUDGMENT: WasmFunction = {
  name: 'repeatedJudgment',
  params: [],
  i32: ['t', 'topics', 'from', 'starts', 'ends', 'hashes'],
  body: `
    ${header('qTopics', 'topics')} ${header('qTopicFrom', 'from')} ${header('qStarts', 'starts')} ${header('qEnds', 'ends')} ${header('qHashes', 'hashes')}
    block $done loop $topics
      local.get $t local.get $topics i32.ge_u br_if $done
      ${load32('from', 't')} local.get $t i32.const 1 i32.add local.set $t ${load32('from', 't')}
      local.get $starts local.get $ends local.get $hashes call $fill
      i32.const 0 i32.ge_s if local.get $t i32.const 1 i32.sub return end
      br $topics
    end end
    i32.const -1`,
};

/**
 * Scores each run stretch k whose pairs[k] names a qrels topic (trec.ts's scoreTopic): out gets
 * r5, r10, r20, dcg, firstRel, idcg and numRel. Returns -1, or the first stretch retrieving a
 * document twice.
 */
const SCORE_ALL: WasmFunction = {
  name: 'scoreAll',
  params: [],
  i32: ['k', 'topics', 'pairs', 'out', 'log2', 'levels', 'slots', 'mask', 'q', 'rFrom', 'rTo', 'qFrom', 'qTo', 'count', 'numRel', 'i', 'j', 'best',
    'rStarts', 'rEnds', 'rHashes', 'rScores', 'rFromCol', 'qValues', 'qStarts', 'qEnds', 'qHashes', 'qFromCol', 'h', 'slot', 'found', 'ahead',
    'rank', 'r5', 'r10', 'r20', 'firstRel', 'o', 'limit'],
  f64: ['x', 'y', 'idcg', 'dcg', 'score', 's', 'rel'],
  body: `
    ${header('rTopics', 'topics')} ${header('pairs', 'pairs')} ${header('out', 'out')} ${header('log2', 'log2')} ${header('levels', 'levels')}
    ${header('table', 'slots')} ${header('rStarts', 'rStarts')} ${header('rEnds', 'rEnds')} ${header('rHashes', 'rHashes')}
    ${header('rScores', 'rScores')} ${header('rTopicFrom', 'rFromCol')} ${header('qValues', 'qValues')} ${header('qStarts', 'qStarts')}
    ${header('qEnds', 'qEnds')} ${header('qHashes', 'qHashes')} ${header('qTopicFrom', 'qFromCol')}
    block $done loop $topics
      local.get $k local.get $topics i32.ge_u br_if $done
      block $next
        ${load32('pairs', 'k')} local.tee $q i32.const 0 i32.lt_s br_if $next
        ${load32('rFromCol', 'k')} local.set $rFrom
        local.get $k i32.const 1 i32.add local.set $i ${load32('rFromCol', 'i')} local.set $rTo
        ${load32('qFromCol', 'q')} local.set $qFrom
        local.get $q i32.const 1 i32.add local.set $i ${load32('qFromCol', 'i')} local.set $qTo
        ;; Every docno once.
        local.get $rFrom local.get $rTo local.get $rStarts local.get $rEnds local.get $rHashes call $fill
        i32.const 0 i32.ge_s if local.get $k return end
        ${header('mask', 'mask')}
        ;; The ideal DCG@10 (idealOf): the levels > 0, the largest first.
        i32.const 0 local.set $count i32.const 0 local.set $numRel
        local.get $qFrom local.set $i
        block $levels_end loop $levels_loop
          local.get $i local.get $qTo i32.ge_u br_if $levels_end
          ${load64('qValues', 'i')} local.set $x
          local.get $x f64.const 0 f64.gt
          if local.get $levels local.get $count i32.const 3 i32.shl i32.add local.get $x f64.store ${increment('count')} end
          local.get $x f64.const 1 f64.ge if ${increment('numRel')} end
          ${increment('i')} br $levels_loop
        end end
        f64.const 0 local.set $idcg
        i32.const 0 local.set $i
        block $ideal_end loop $ideal
          local.get $i local.get $count i32.ge_u br_if $ideal_end
          local.get $i i32.const 10 i32.ge_u br_if $ideal_end
          ;; levels[i] <-> the largest of levels[i..count).
          local.get $i local.set $best
          local.get $i i32.const 1 i32.add local.set $j
          block $max_end loop $max
            local.get $j local.get $count i32.ge_u br_if $max_end
            ${load64('levels', 'j')} ${load64('levels', 'best')} f64.gt if local.get $j local.set $best end
            ${increment('j')} br $max
          end end
          ${load64('levels', 'best')} local.set $x
          local.get $levels local.get $best i32.const 3 i32.shl i32.add ${load64('levels', 'i')} f64.store
          local.get $levels local.get $i i32.const 3 i32.shl i32.add local.get $x f64.store
          local.get $i i32.const 2 i32.add local.set $j
          local.get $idcg local.get $x ${load64('log2', 'j')} f64.div f64.add local.set $idcg
          ${increment('i')} br $ideal
        end end
        ;; Each judged-relevant document found among the entries through the table, credited at its rank.
        f64.const 0 local.set $dcg
        i32.const 0 local.set $firstRel i32.const 0 local.set $r5 i32.const 0 local.set $r10 i32.const 0 local.set $r20
        local.get $qFrom local.set $i
        block $judged_end loop $judged
          local.get $i local.get $qTo i32.ge_u br_if $judged_end
          block $credited
            ${load64('qValues', 'i')} local.tee $rel f64.const 0 f64.le br_if $credited
            ${load32('qHashes', 'i')} local.set $h
            local.get $h local.get $mask i32.and local.set $slot
            block $lookup loop $probe
              ${load32('slots', 'slot')} local.tee $found i32.const 0 i32.lt_s br_if $credited
              ${load32('rHashes', 'found')} local.get $h i32.eq
              if
                ${load32('rStarts', 'found')} ${load32('rEnds', 'found')} ${load32('qStarts', 'i')} ${load32('qEnds', 'i')} call $compare
                i32.eqz br_if $lookup
              end
              local.get $slot i32.const 1 i32.add local.get $mask i32.and local.set $slot
              br $probe
            end end
            ;; Its rank: 1 + the entries ahead of it (score descending, ties by docno descending),
            ;; counted until it is known to change nothing: past 10 for a level below 1 (only the
            ;; DCG counts it), else past 20 and past the best rank of a relevant document so far.
            ${load64('rScores', 'found')} local.set $score
            i32.const 0 local.set $ahead
            i32.const 10 local.set $limit
            local.get $rel f64.const 1 f64.ge
            if
              i32.const 0x7fffffff local.set $limit
              local.get $firstRel
              if
                local.get $firstRel i32.const 1 i32.sub local.tee $limit i32.const 20 i32.lt_s if i32.const 20 local.set $limit end
              end
            end
            local.get $rFrom local.set $j
            block $ranked loop $rank_loop
              local.get $j local.get $rTo i32.ge_u br_if $ranked
              ${load64('rScores', 'j')} local.tee $s local.get $score f64.gt
              if
                ${increment('ahead')} local.get $ahead local.get $limit i32.ge_s br_if $credited
              else
                local.get $s local.get $score f64.eq local.get $j local.get $found i32.ne i32.and
                if
                  ${load32('rStarts', 'j')} ${load32('rEnds', 'j')} ${load32('rStarts', 'found')} ${load32('rEnds', 'found')} call $compare
                  i32.const 0 i32.gt_s if ${increment('ahead')} local.get $ahead local.get $limit i32.ge_s br_if $credited end
                end
              end
              ${increment('j')} br $rank_loop
            end end
            local.get $ahead i32.const 1 i32.add local.set $rank
            local.get $rank i32.const 10 i32.le_s
            if
              local.get $rank i32.const 1 i32.add local.set $j
              local.get $dcg local.get $rel ${load64('log2', 'j')} f64.div f64.add local.set $dcg
            end
            local.get $rel f64.const 1 f64.ge
            if
              local.get $firstRel i32.eqz local.get $rank local.get $firstRel i32.lt_s i32.or if local.get $rank local.set $firstRel end
              local.get $rank i32.const 5 i32.le_s if ${increment('r5')} end
              local.get $rank i32.const 10 i32.le_s if ${increment('r10')} end
              local.get $rank i32.const 20 i32.le_s if ${increment('r20')} end
            end
          end
          ${increment('i')} br $judged
        end end
        local.get $k i32.const ${8 * OUT_PER_TOPIC} i32.mul local.get $out i32.add local.set $o
        local.get $o local.get $r5 f64.convert_i32_s f64.store
        local.get $o i32.const 8 i32.add local.get $r10 f64.convert_i32_s f64.store
        local.get $o i32.const 16 i32.add local.get $r20 f64.convert_i32_s f64.store
        local.get $o i32.const 24 i32.add local.get $dcg f64.store
        local.get $o i32.const 32 i32.add local.get $firstRel f64.convert_i32_s f64.store
        local.get $o i32.const 40 i32.add local.get $idcg f64.store
        local.get $o i32.const 48 i32.add local.get $numRel f64.convert_i32_s f64.store
      end
      ${increment('k')} br $topics
    end end
    i32.const -1`,
};

/** The part of the WebAssembly API used here (the core's TypeScript library, ES2022 without the DOM, does not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: { env: { memory: WasmMemory } }) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

let compiled: object | undefined;

/** V8's flags for how WebAssembly is compiled, as a process starts unless it was given them itself. */
const WASM_TIERING = /--(no-)?(liftoff|wasm-lazy-compilation|wasm-dynamic-tiering|wasm-tier-up)\b/;

/**
 * The module compiled by TurboFan, every function at once, as it is made. V8 otherwise compiles
 * each function with Liftoff, its baseline compiler, on its first call, and moves a function to
 * TurboFan's code only at a later call: the scans are one call each, and ran all along in
 * Liftoff's code, twice as slow (on 21 MB: about 80 ms against 38 ms, for about 10 ms of compiling;
 * docs/performance.md). The flags are V8's defaults again once the module is made (a process given
 * its own, in its arguments or NODE_OPTIONS, keeps them and Liftoff), so nothing else compiles
 * under them and the CLI's code cache sees the flags it was made with.
 */
function compileOptimized(api: WasmApi, bytes: Uint8Array): object {
  if (WASM_TIERING.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`)) return new api.Module(bytes);
  setFlagsFromString('--no-liftoff --no-wasm-lazy-compilation');
  try {
    return new api.Module(bytes);
  } finally {
    setFlagsFromString('--liftoff --wasm-lazy-compilation');
  }
}

const PAGE = 65536;
/** wasm32's 4 GiB. */
const MAX_PAGES = 65536;

interface Exports {
  scanRun(): number;
  scanQrels(): number;
  repeatedJudgment(): number;
  scoreAll(): number;
}

/** The stretches of one file's topics: stretch k is entries [from[k], from[k + 1]) of qid bytes [qidStarts[k], qidEnds[k]). */
export interface Stretches {
  count: number;
  from: Int32Array;
  qidStarts: Int32Array;
  qidEnds: Int32Array;
}

/** Both files in one WebAssembly memory, and the module's functions over them. */
export class TrecMemory {
  /** The memory's bytes: the run's from runStart, the qrels' from qrelsStart. */
  readonly bytes: Uint8Array;
  readonly runStart = HEADER_BYTES;
  readonly qrelsStart: number;
  private readonly buffer: ArrayBuffer;
  private readonly slots: Int32Array;
  private readonly exports: Exports;

  /** Where the qrels' bytes go (their length), filled before anything is read. */
  readonly qrels: Uint8Array;
  /** Where the run's bytes go. */
  readonly run: Uint8Array;

  private constructor(api: WasmApi, memory: WasmMemory, qrelsLength: number, runLength: number, layout: Record<string, number>) {
    this.buffer = memory.buffer;
    this.bytes = new Uint8Array(this.buffer);
    this.slots = new Int32Array(this.buffer, 0, HEADER_BYTES / 4);
    this.qrelsStart = layout.qrelsStart;
    for (const [slot, at] of Object.entries(layout)) this.slots[H[slot as keyof typeof H]] = at;
    this.run = this.bytes.subarray(this.runStart, this.runStart + runLength);
    this.qrels = this.bytes.subarray(this.qrelsStart, this.qrelsStart + qrelsLength);
    this.bytes[this.runStart + runLength] = 10;
    this.bytes[this.qrelsStart + qrelsLength] = 10;
    const classes = this.bytes.subarray(layout.classes, layout.classes + 256);
    for (const c of [9, 11, 12, 13, 32]) classes[c] = 1;
    classes[10] = 2;
    const pow = new Float64Array(this.buffer, layout.pow, 23);
    for (let i = 0; i < 23; i++) pow[i] = Number(`1e${i}`);
    // trec.ts's discounts, Math.log2(rank + 1), the same doubles.
    const log2 = new Float64Array(this.buffer, layout.log2, 32);
    for (let i = 1; i < 32; i++) log2[i] = Math.log2(i);
    compiled ??= compileOptimized(api, assembleWasm([COMPARE, SCAN_RUN, SCAN_QRELS, FILL, REPEATED_JUDGMENT, SCORE_ALL]));
    this.exports = new api.Instance(compiled, { env: { memory } }).exports as Exports;
  }

  /** Memory holding copies of both files, or undefined when there is none to be had (the caller reads them in JavaScript). */
  static of(qrels: Uint8Array, run: Uint8Array): TrecMemory | undefined {
    const memory = TrecMemory.sized(qrels.length, run.length);
    memory?.qrels.set(qrels);
    memory?.run.set(run);
    return memory;
  }

  /**
   * Memory for files of these lengths and their columns, or undefined when there is none to be
   * had: fill `qrels` and `run` before anything else (a file read straight into them is never copied).
   */
  static sized(qrelsLength: number, runLength: number): TrecMemory | undefined {
    if (!wasm) return undefined;
    // An entry's line holds its fields and their separators: a run's 6 fields at least 11 bytes, the qrels' 4 at least 7.
    const runCap = Math.floor(runLength / 11) + 1;
    const qrelsCap = Math.floor(qrelsLength / 7) + 1;
    let next = HEADER_BYTES;
    const take = (bytes: number) => {
      const start = next;
      next += Math.ceil(bytes / 8) * 8;
      return start;
    };
    // Each file followed by a newline (the constructor writes it), which ends its last line.
    take(runLength + 1);
    const layout: Record<string, number> = { runStart: HEADER_BYTES, runEnd: HEADER_BYTES + runLength };
    layout.qrelsStart = take(qrelsLength + 1);
    layout.qrelsEnd = layout.qrelsStart + qrelsLength;
    layout.pow = take(23 * 8);
    layout.classes = take(256);
    layout.log2 = take(32 * 8);
    for (const [prefix, cap] of [['r', runCap], ['q', qrelsCap]] as const) {
      layout[`${prefix}${prefix === 'r' ? 'Scores' : 'Values'}`] = take(8 * cap);
      for (const column of ['Starts', 'Ends', 'Hashes', 'QidStarts', 'QidEnds']) layout[`${prefix}${column}`] = take(4 * cap);
      layout[`${prefix}TopicFrom`] = take(4 * (cap + 1));
    }
    layout.rSlow = take(12 * runCap);
    // The table holds one topic at most half full: room for 2 x the largest file's entries, as a power of two.
    let tableSlots = 16;
    while (tableSlots < 2 * Math.max(runCap, qrelsCap)) tableSlots *= 2;
    layout.table = take(4 * tableSlots);
    layout.levels = take(8 * qrelsCap);
    layout.pairs = take(4 * runCap);
    layout.out = take(8 * OUT_PER_TOPIC * runCap);
    const pages = Math.ceil(next / PAGE);
    if (pages > MAX_PAGES) return undefined;
    let memory: WasmMemory;
    try {
      memory = new wasm.Memory({ initial: pages });
    } catch {
      return undefined; // no address space for it
    }
    return new TrecMemory(wasm, memory, qrelsLength, runLength, layout);
  }

  private column<T extends Int32Array | Float64Array>(kind: new (b: ArrayBuffer, at: number, n: number) => T, slot: keyof typeof H, n: number): T {
    return new kind(this.buffer, this.slots[H[slot]], n);
  }

  private stretches(prefix: 'r' | 'q', count: number): Stretches {
    return {
      count,
      from: this.column(Int32Array, `${prefix}TopicFrom`, count + 1),
      qidStarts: this.column(Int32Array, `${prefix}QidStarts`, count),
      qidEnds: this.column(Int32Array, `${prefix}QidEnds`, count),
    };
  }

  /** Reads the qrels: its stretches, or undefined at a line that trecText.ts must read (to refuse it, or with Number()). */
  scanQrels(): Stretches | undefined {
    if (this.exports.scanQrels() < 0) return undefined;
    return this.stretches('q', this.slots[H.qTopics]);
  }

  /** The first stretch of the qrels judging a document twice, or -1. */
  repeatedJudgment(): number {
    return this.exports.repeatedJudgment();
  }

  /** Reads the run: its stretches, and per score the scan left to Number() its entry and bytes; undefined at a line eachRunTopic refuses. */
  scanRun(): { stretches: Stretches; slow: Int32Array; scores: Float64Array } | undefined {
    const entries = this.exports.scanRun();
    if (entries < 0) return undefined;
    return {
      stretches: this.stretches('r', this.slots[H.rTopics]),
      slow: this.column(Int32Array, 'rSlow', 3 * this.slots[H.rSlowCount]),
      scores: this.column(Float64Array, 'rScores', entries),
    };
  }

  /**
   * Scores each run stretch against the qrels topic pairs[k] names (-1: none), into the returned
   * OUT_PER_TOPIC numbers per stretch; a number, instead, is the first stretch retrieving a document twice.
   */
  score(pairs: Int32Array): Float64Array | number {
    this.column(Int32Array, 'pairs', pairs.length).set(pairs);
    const repeat = this.exports.scoreAll();
    return repeat >= 0 ? repeat : this.column(Float64Array, 'out', OUT_PER_TOPIC * pairs.length);
  }
}
