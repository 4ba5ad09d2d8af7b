// A run as TREC files, so its numbers can be checked with trec_eval: qrels from the fixtures'
// ground truth (relevance = gain: HIGH 2, MEDIUM 1) and one run file per system. Each returned
// item is written as the ground-truth name it was credited to, or its own normalized name, so
// trec_eval's exact docno comparison reproduces Fixture Lab's matching rule; a repeated name
// keeps its rank under a unique never-relevant docno. Each run file starts with `#` comment
// lines naming the matching rule (trec_eval reads them from v10.0; strip them for 9.0.x). A task
// a system failed has no ranking: run trec_eval with -c to count it as zero, as Fixture Lab does.
import { promises as fs } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadCorpus } from '../corpus/load';
import { writeTextAtomic } from '../io/files';
import { MatchResult, truthEntries } from '../scoring/match';
import { formatQrels, formatRun, Judgment } from '../scoring/trec';
import { normalizeSymbol } from '../symbols/normalize';
import { scoreResult } from './analysis';
import { healthWarnings, systemHealth } from './answerHealth';
import { pause } from './pause';
import { DamagedAnswers, readRunAnswers, RunInfo } from './results';
import { answersToFixturesNow } from './staleAnswers';
import { displayPath } from '../problems';

/** A raw file that does not read as an answer refuses the export (one line naming it) unless `damaged.skip` leaves it out. */
export async function exportTrec(runDir: string, info: RunInfo, cwd = process.cwd(), damaged: DamagedAnswers = {}): Promise<string[]> {
  const corpus = await loadCorpus(info.corpus_path ?? resolve(cwd, info.corpus), cwd);
  const modules = new Map(corpus.repos.map((r) => [r.name, r.module]));
  const fixtures = new Map(corpus.fixtures.map((f) => [f.read.fixture.id ?? '', f.read.fixture]));
  const asWritten = new Map(corpus.fixtures.map((f) => [f.read.fixture.id ?? '', {
    fixture: f.read.fixture, pinned: corpus.repos.find((r) => r.name === f.read.fixture.repo)?.commit }]));
  const raws = answersToFixturesNow((await readRunAnswers(join(runDir, 'raw'), cwd, displayPath(runDir, cwd), damaged)).filter((r) => fixtures.has(r.task)),
    asWritten, damaged.warn);
  const out = join(runDir, 'trec');
  await fs.mkdir(out, { recursive: true });

  const judgments: Judgment[] = [];
  for (const id of [...new Set(raws.map((r) => r.task))].sort()) {
    const fixture = fixtures.get(id)!;
    const module = modules.get(fixture.repo ?? '');
    const seen = new Set<string>();
    for (const entry of truthEntries(fixture.ground_truth)) {
      const docno = normalizeSymbol(entry.symbol, { module });
      if (seen.has(docno)) continue;
      seen.add(docno);
      judgments.push({ qid: id, docno, rel: entry.gain });
    }
  }
  const written = [join(out, 'qrels.txt')];
  await writeTextAtomic(written[0], formatQrels(judgments));

  for (const system of [...new Set(raws.map((r) => r.system))].sort()) {
    const rankings: [string, string[]][] = [];
    for (const raw of raws.filter((r) => r.system === system && r.status === 'ok').sort((a, b) => a.task.localeCompare(b.task))) {
      await pause();
      const fixture = fixtures.get(raw.task)!;
      const module = modules.get(fixture.repo ?? '');
      const judged = new Set(judgments.filter((j) => j.qid === raw.task).map((j) => j.docno));
      const docnos = runDocnos(scoreResult(raw, fixture, info, module).match, judged, module);
      if (docnos.length > 0) rankings.push([raw.task, docnos]);
    }
    const file = join(out, `${system}.run`);
    await writeTextAtomic(file, formatRun(rankings, system, runHeader(info)));
    written.push(file);
  }
  // The run files hold only what each system answered: the zeros trec_eval will read from a system that failed, answered
  // nothing or named what the code does not have are said here too, as the run said them.
  for (const line of healthWarnings(systemHealth(raws))) damaged.warn?.(`warning: ${line}`);
  return written;
}

/** The comment lines at the top of each run file: the matching rule its docnos were credited under. */
export function runHeader(info: Pick<RunInfo, 'match' | 'started_at'>): string[] {
  return [
    `fixture-lab export-trec: match ${info.match}`,
    `run started ${info.started_at}; each credited item is written as the ground-truth name it matched under \`${info.match}\` (docs/scoring.md)`,
  ];
}

/**
 * A matched ranking as TREC docnos, rank by rank: a credited item as the ground-truth entry it
 * ends with (so trec_eval's exact comparison sees the matching), any other as its own name,
 * made unique (`#dup<rank>`) when it repeats an earlier docno or names a judged document it was
 * not credited with, so it keeps its rank and earns nothing.
 */
export function runDocnos(match: MatchResult, judged: ReadonlySet<string>, module?: string): string[] {
  const used = new Set<string>();
  // Each spelling normalized once: an answer may repeat one name a million times.
  const normalized = new Map<string, string>();
  const docnoOf = (name: string) => {
    let docno = normalized.get(name);
    if (docno === undefined) normalized.set(name, (docno = normalizeSymbol(name, { module }).replace(/\s+/g, '_')));
    return docno;
  };
  return match.ranks.map((r) => {
    let docno = docnoOf(r.relevant && r.groundTruth ? r.groundTruth : r.returned) || `empty#${r.rank}`;
    if (used.has(docno) || (!r.relevant && judged.has(docno))) docno = `${docno}#dup${r.rank}`;
    used.add(docno);
    return docno;
  });
}
