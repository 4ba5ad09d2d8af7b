// The TREC reader works on a file's bytes (core/scoring/trecText.ts): one pass per line, docnos as
// hashed byte ranges, topics scored unsorted. This proves it equal, on random files, to the plainest
// reading of the same text: lines split on C's isspace, judgments in a Map, each topic sorted in
// trec_eval's order (rankEntries) and scored from the top (trecScores). The files have tied
// scores, non-ASCII docnos (whose byte order differs from UTF-16's), CRLF and blank lines,
// comments, topics split across the file (in the run and in the qrels), topics without judgments,
// judged topics missing from the run and topics judged with nothing relevant.
import * as assert from 'node:assert/strict';
import { mulberry32 } from '../../src/core/scoring/significance';
import {
  compareBytes, evaluateInMemory, evaluateTrec, evaluateTrecFiles, evaluateTrecText, parseQrels, parseRun, rankEntries, TREC_MEASURES, TrecMemory,
  trecScores, TrecScores,
} from '../../src/core/scoring/trec';

const fields = (line: string) => line.split(/[\t\n\v\f\r ]+/).filter((f) => f !== '');

/** The reference: every line split as text, judgments in Maps, each topic sorted and scored from the top. */
function plainEvaluation(qrelsText: string, runText: string, complete: boolean): { topics: Map<string, TrecScores>; skipped: string[]; evaluated: number } {
  const judged = new Map<string, Map<string, number>>();
  for (const line of qrelsText.split('\n')) {
    const f = fields(line);
    if (f.length === 0) continue;
    let topic = judged.get(f[0]);
    if (!topic) judged.set(f[0], (topic = new Map()));
    topic.set(f[2], Number(f[3]));
  }
  const run = new Map<string, { docno: string; score: number; line: number }[]>();
  runText.split('\n').forEach((line, i) => {
    const f = fields(line);
    if (f.length === 0 || f[0].startsWith('#')) return;
    let topic = run.get(f[0]);
    if (!topic) run.set(f[0], (topic = []));
    topic.push({ docno: f[2], score: Number(f[4]), line: i + 1 });
  });
  const topics = new Map<string, TrecScores>();
  const skipped: string[] = [];
  for (const [qid, entries] of run) {
    const judgments = judged.get(qid);
    if (judgments) topics.set(qid, trecScores(rankEntries(entries).map((e) => e.docno), judgments));
    else skipped.push(qid);
  }
  const evaluated = topics.size;
  if (complete) {
    for (const qid of judged.keys()) if (!topics.has(qid)) topics.set(qid, Object.fromEntries(TREC_MEASURES.map((m) => [m, 0])) as TrecScores);
  }
  return { topics: new Map([...topics].sort(([a], [b]) => compareBytes(a, b))), skipped: skipped.sort(compareBytes), evaluated };
}

/** A random qrels and run pair; docnos unique per topic (trec_eval refuses repeats). */
function randomFiles(random: () => number): { qrels: string; run: string } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const space = () => pick([' ', ' ', ' ', '\t', '  ', ' \t ']);
  const end = () => pick(['\n', '\n', '\n', '\r\n', '\n\n', ' \n']);
  // Docnos whose UTF-16 and UTF-8 orders differ (U+FF21 against an astral letter), shared prefixes, one letter.
  const stems = ['a', 'b', 'B', 'pkg/mod.Sym', 'pkg/mod.Sy', 'caf\u00e9', '\uff21', '\u{1d400}', 'x.y.z', 'zz'];
  const topicCount = 1 + Math.floor(random() * 6);
  const qids = Array.from({ length: topicCount }, (_, t) => pick(['q', 't', '\u00e9t', 'Q']) + t);
  const qrelsLines: string[] = [];
  let run = '';
  const runLines: string[][] = qids.map(() => []);
  qids.forEach((qid, t) => {
    const docs = new Set<string>();
    const n = Math.floor(random() * 30);
    for (let i = 0; i < n; i++) docs.add(pick(stems) + (random() < 0.8 ? Math.floor(random() * 40) : ''));
    const docnos = [...docs];
    // Judgments: some topics none (then not in the qrels), some all 0.
    const judgeKind = random();
    if (judgeKind > 0.15) {
      for (const d of docnos) {
        if (random() < 0.5) qrelsLines.push(`${qid}${space()}0${space()}${d}${space()}${judgeKind < 0.25 ? 0 : pick([0, 1, 1, 2, 3, -1])}${end()}`);
      }
      // A judged document the run does not retrieve.
      if (random() < 0.5) qrelsLines.push(`${qid} 0 unretrieved${t} 1\n`);
    }
    if (random() < 0.1) return; // a judged topic missing from the run
    for (const d of docnos) {
      // Tied scores: a few distinct values, some written in different ways.
      const score = pick(['1', '1.0', '2', '0.5', '.5', '-1', '3e0', '2.25', '0']);
      runLines[t].push(`${qid}${space()}Q0${space()}${d}${space()}${Math.floor(random() * 50)}${space()}${score}${space()}tag${random() < 0.1 ? ' extra' : ''}`);
    }
  });
  // Judgments topic by topic, or (sometimes) in any order.
  const qrels = (random() < 0.3 ? qrelsLines.sort(() => random() - 0.5) : qrelsLines).join('');
  // Interleave topics sometimes (the streaming reader then starts over), else topic by topic.
  const split = random() < 0.2;
  const lines = split ? runLines.flat().sort(() => random() - 0.5) : runLines.flat();
  for (const line of lines) {
    if (random() < 0.05) run += `# a comment${end()}`;
    run += line + end();
  }
  return { qrels, run };
}

describe('TREC bytes reader against the plain reading of the same text', () => {
  it('evaluates 400 random qrels and runs exactly as the plain reading does, from text and from bytes', () => {
    const random = mulberry32(2929);
    let compared = 0;
    for (let round = 0; round < 400; round++) {
      const { qrels, run } = randomFiles(random);
      const complete = random() < 0.3;
      const expected = plainEvaluation(qrels, run, complete);
      if (expected.evaluated === 0) {
        assert.throws(() => evaluateTrecText(parseQrels(qrels), run, 'r', { complete }), /no topic of the run has judgments/);
        continue;
      }
      const fromText = evaluateTrecText(parseQrels(qrels), run, 'r', { complete });
      const fromBytes = evaluateTrecText(parseQrels(Buffer.from(qrels)), Buffer.from(run), 'r', { complete });
      const fromEntries = evaluateTrec(parseQrels(qrels), parseRun(run), 'r', { complete });
      for (const got of [fromText, fromBytes, fromEntries]) {
        assert.deepEqual([...got.topics.keys()], [...expected.topics.keys()], `round ${round}`);
        assert.deepEqual(got.skipped, expected.skipped, `round ${round}`);
        for (const [qid, scores] of expected.topics) {
          const ours = got.topics.get(qid)!;
          // trecScores adds in rank order and the fast path in judgment order: the same terms, so equal to the last bits or nearly.
          for (const m of TREC_MEASURES) assert.ok(Math.abs(ours[m] - scores[m]) < 1e-12, `round ${round} ${qid} ${m}: ${ours[m]} vs ${scores[m]}`);
        }
      }
      assert.deepEqual(fromBytes, fromText);
      compared += expected.topics.size;
    }
    assert.ok(compared > 800, `only ${compared} topics compared`);
  });

  it('reads docnos, qids and tags back as the text they were', () => {
    const run = parseRun(Buffer.from('\u00e9t Q0 caf\u00e9 1 1 t\u00e4g\n\u00e9t Q0 \u{1d400} 2 0.5 t\u00e4g\n'));
    assert.deepEqual([...run.topics.keys()], ['\u00e9t']);
    assert.deepEqual(run.topics.get('\u00e9t')!.map((e) => e.docno), ['caf\u00e9', '\u{1d400}']);
    assert.deepEqual(run.tags, ['t\u00e4g']);
    assert.equal(parseQrels(Buffer.from('\u00e9t 0 caf\u00e9 2\n')).topics.get('\u00e9t')!.get('caf\u00e9'), 2);
  });

  it('orders tied docnos as strcmp orders their UTF-8 bytes', () => {
    // U+FF21 sorts before U+1D400 in bytes, after it in UTF-16 units; descending, the astral letter ranks first.
    const qrels = parseQrels('q 0 \uff21 1\n');
    const evaluation = evaluateTrecText(qrels, Buffer.from('q Q0 \uff21 1 1 r\nq Q0 \u{1d400} 2 1 r\n'));
    assert.equal(evaluation.topics.get('q')!.recip_rank, 1 / 2);
  });
});

/** A file with one of the faults and oddities trecText.ts refuses or reads its slow way, at a random line. */
function mutate(text: string, random: () => number, run: boolean): string {
  const lines = text.split('\n');
  const at = Math.floor(random() * lines.length);
  const line = lines[at];
  const f = line.split(/[\t\n\v\f\r ]+/).filter((x) => x !== '');
  const faults = run
    ? [
      () => f.slice(0, 5).join(' '), // too few fields
      () => [...f.slice(0, 4), 'abc', ...f.slice(5)].join(' '), // a score that is not a number
      () => [...f.slice(0, 4), pick(['1e999', '-Infinity', '0x10', '1.2.3', '+', '-.', '12345678901234567', '0.00000000000000000000001']), ...f.slice(5)].join(' '),
      () => `${line}\n${line}`, // a document twice in a topic
      // Vertical tab, form feed and CR are blanks too: read as one, a document and a rank; as none, one document.
      () => `${f[0]} Q0 ${f[2]}${pick(['\u000b', '\u000c', '\r', ' \u000b\t'])}${f[3]} ${f[3]} ${f[4]} ${f[5]}`,
      () => `\t#${line}`, // a comment after a blank
    ]
    : [
      () => f.slice(0, 3).join(' '), // too few fields
      () => `${line} more`, // too many
      () => [...f.slice(0, 3), pick(['1.5', 'x', '+', '-2', '+3', '123456789012345678'])].join(' '), // not an integer, signed, long
      () => `${line}\n${line}`, // a judgment twice
      () => `${line}\u0000`, // a NUL glued to the relevance
      () => `${f[0]} 0 ${f[2]}${pick(['\u000b', '\u000c', '\r'])}${f[3]} ${f[3]}`,
    ];
  function pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(random() * xs.length)];
  }
  if (f.length < 4) return text;
  lines[at] = faults[Math.floor(random() * faults.length)]();
  return lines.join('\n');
}

/** The evaluation or the error's message, the file named in it. */
function outcome(evaluate: () => unknown): unknown {
  try {
    return evaluate();
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), file: (e as { file?: string }).file };
  }
}

describe('TREC files read and scored in WebAssembly (trecScan.ts) against trecText.ts', () => {
  it('gives the same evaluation, or the same error, on 600 random qrels and runs, many with a fault; and evaluates most good ones itself', () => {
    const random = mulberry32(4242);
    let itself = 0;
    let good = 0;
    let faulty = 0;
    for (let round = 0; round < 600; round++) {
      let { qrels, run } = randomFiles(random);
      const fault = random();
      if (fault < 0.25) run = mutate(run, random, true);
      else if (fault < 0.4) qrels = mutate(qrels, random, false);
      if (random() < 0.1) run = run.replace(/\n$/, ''); // no final newline
      const complete = random() < 0.3;
      const files = { qrels: 'q.txt', run: 'r.txt' };
      const expected = outcome(() => evaluateTrecText(parseQrels(Buffer.from(qrels), files.qrels), Buffer.from(run), files.run, { complete }));
      const got = outcome(() => evaluateTrecFiles(Buffer.from(qrels), Buffer.from(run), files, { complete }));
      assert.deepEqual(got, expected, `round ${round}`);
      const memory = TrecMemory.of(Buffer.from(qrels), Buffer.from(run))!;
      const inWasm = outcome(() => evaluateInMemory(memory, files.run, { complete }));
      if (inWasm !== undefined) {
        // What it evaluates itself is what trecText.ts evaluates: never an error of its own.
        assert.deepEqual(inWasm, expected, `round ${round} (WebAssembly alone)`);
        itself++;
      }
      if ('error' in (expected as object)) faulty++;
      else good++;
    }
    assert.ok(faulty > 100, `only ${faulty} faulty rounds`);
    assert.ok(itself > good / 2, `WebAssembly evaluated only ${itself} of ${good} good rounds itself`);
  });

  it('reads a bigger run the same, its entries and ties and slow scores, whatever the line endings', () => {
    const random = mulberry32(7);
    let qrels = '';
    let run = '';
    for (let t = 0; t < 300; t++) {
      for (let d = 0; d < 40; d++) if (random() < 0.4) qrels += `t${t} 0 doc${d} ${Math.floor(random() * 4)}\n`;
      for (let d = 0; d < 60; d++) {
        const score = random() < 0.05 ? `${(random() * 9).toFixed(1)}e0` : (random() * 5).toFixed(1);
        run += `t${t}\tQ0 doc${(d * 7) % 60} ${d} ${score} run${random() < 0.5 ? '\r\n' : '\n'}`;
      }
    }
    const memory = TrecMemory.of(Buffer.from(qrels), Buffer.from(run))!;
    const inWasm = evaluateInMemory(memory, 'r');
    assert.ok(inWasm, 'evaluated in WebAssembly');
    assert.deepEqual(inWasm, evaluateTrecText(parseQrels(qrels), run, 'r'));
    assert.equal(inWasm.topics.size, 300);
  });
});
