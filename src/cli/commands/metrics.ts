import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
// The modules it needs, not the core's index: that would initialise every module of the core
// (symbols, git, charts' callers) before a single line is read (docs/performance.md).
import { displayPath } from '../../core/problems';
import { evaluateTrecText, formatTrecTable, trecJson } from '../../core/scoring/trec';
import { parseQrels } from '../../core/scoring/trecText';
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
  const qrelsBytes = await read(qrelsPath, 'qrels file', qrelsShown);
  const runBytes = await read(runPath, 'run file', runShown);
  const evaluation = evaluateTrecText(parseQrels(qrelsBytes, qrelsShown), runBytes, runShown, { complete: values.complete });
  if (evaluation.skipped.length > 0) {
    const shown = evaluation.skipped.slice(0, 5).join(', ') + (evaluation.skipped.length > 5 ? ', ...' : '');
    io.stderr.write(`fixture-lab metrics: ${evaluation.skipped.length} topic(s) of the run have no judgments in ${qrelsShown} and are not `
      + `evaluated: ${shown}\n`);
  }
  io.stdout.write(values.json ? JSON.stringify(trecJson(evaluation)) + '\n' : formatTrecTable(evaluation));
  return 0;
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
