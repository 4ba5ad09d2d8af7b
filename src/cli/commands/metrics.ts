import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
// The modules it needs, not the core's index: that would initialise every module of the core
// (symbols, git, charts' callers) before a single line is read (docs/performance.md).
import { displayPath } from '../../core/problems';
import { evaluateTrecFiles, evaluateTrecMemory, formatTrecTable, TrecMemory, trecJson } from '../../core/scoring/trec';
import { CliIO, parse, required, UsageError } from '../args';

/**
 * `metrics --qrels QRELS --run RUN [--complete] [--json]`: trec_eval's P_5/10/20, recall_5/10/20,
 * ndcg_cut_10 and recip_rank, plus F1_10, per topic and over all evaluated topics (see
 * core/scoring/trec.ts); --complete (-c) is trec_eval's -c.
 */
export async function metrics(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(
    args, { qrels: { type: 'string' }, run: { type: 'string' }, complete: { type: 'boolean', short: 'c' }, json: { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`unexpected \`${positionals[0]}\`; name the files with --qrels and --run`);
  const qrelsPath = resolve(io.cwd, required(values.qrels, '--qrels'));
  const runPath = resolve(io.cwd, required(values.run, '--run'));
  const qrelsShown = displayPath(qrelsPath, io.cwd);
  const runShown = displayPath(runPath, io.cwd);
  const files = { qrels: qrelsShown, run: runShown };
  const options = { complete: values.complete };
  const memory = readIntoMemory(qrelsPath, runPath);
  const evaluation = memory
    ? evaluateTrecMemory(memory, files, options)
    : evaluateTrecFiles(await read(qrelsPath, 'qrels file', qrelsShown), await read(runPath, 'run file', runShown), files, options);
  if (evaluation.skipped.length > 0) {
    const shown = evaluation.skipped.slice(0, 5).join(', ') + (evaluation.skipped.length > 5 ? ', ...' : '');
    io.stderr.write(`fixture-lab metrics: ${evaluation.skipped.length} topic(s) of the run have no judgments in ${qrelsShown} and are not `
      + `evaluated: ${shown}\n`);
  }
  io.stdout.write(values.json ? JSON.stringify(trecJson(evaluation)) + '\n' : formatTrecTable(evaluation));
  return 0;
}

/**
 * Both files read straight into the memory they are evaluated in (no copy of 25 MB, and no
 * buffers of that size for the garbage collector), or undefined when that does not work out as
 * planned (a file that cannot be opened or is not a regular file, or whose length changes while
 * it is read): then read() reads them, and words any error.
 */
function readIntoMemory(qrelsPath: string, runPath: string): TrecMemory | undefined {
  const fds: number[] = [];
  try {
    for (const path of [qrelsPath, runPath]) fds.push(openSync(path, 'r'));
    const stats = fds.map((fd) => fstatSync(fd));
    if (!stats.every((s) => s.isFile())) return undefined;
    const memory = TrecMemory.sized(stats[0].size, stats[1].size);
    return memory && readWhole(fds[0], memory.qrels) && readWhole(fds[1], memory.run) ? memory : undefined;
  } catch {
    return undefined;
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

/** Fills `into` from the file and checks the file ends there. */
function readWhole(fd: number, into: Uint8Array): boolean {
  let at = 0;
  while (at < into.length) {
    const n = readSync(fd, into, at, into.length - at, null);
    if (n === 0) return false;
    at += n;
  }
  return readSync(fd, new Uint8Array(1), 0, 1, null) === 0;
}

/**
 * A file's bytes in one synchronous call (chunked async reads are much slower), read as trec_eval
 * reads them, never decoded (core/scoring/trecText.ts).
 */
async function read(path: string, what: string, shown: string): Promise<Uint8Array> {
  try {
    return readFileSync(path);
  } catch {
    // readText words the error (no such file, a folder); should it read the file after all, its text.
    // Imported here: the file layer (locks, atomic writes) is not needed to read two files.
    const { readText } = await import('../../core/io/files');
    return Buffer.from((await readText(path, what, shown)).text, 'utf8');
  }
}
