import { resolve } from 'node:path';
import { Agreement } from '../../core/agreement/raters';
import { loadFixtureFile } from '../../core/corpus/load';
import { readFixture } from '../../core/fixtures/read';
import { readUtf8File } from '../../core/io/files';
import { dropKeptDraft, hideDraft, keepDraft, keptDraft, restoreDraft } from '../../core/labeling/blindDrafts';
import { finishReview, reviewWarnings, startReview } from '../../core/labeling/protocol';
import { displayPath, edited, refused, textOf } from '../../core/problems';
import { fmt, plural } from '../../shared/figures';
import { CliIO, parse, required, UsageError } from '../args';
import { moduleFor } from '../fixtureArgs';
import { settle, SETTLE_OPTIONS } from './dispute';
import { editFixture, refuseUnreadable } from './edits';

/**
 * `review start FIXTURE --verifier NAME [--blind-drafts] | review finish FIXTURE | review settle FIXTURE SYMBOL ...`:
 * the verifier's pass (docs/fixture-format.md#the-protocol-states-and-who-writes-what) through the same core calls as the editor's Start Review, Finish
 * Review and Settle Disagreements. With --blind-drafts (the editor's fixtureLab.blindDrafts) the
 * labeler's draft leaves the file for .fixture-lab/blind/ until finish brings it back.
 */
export async function review(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { verifier: { type: 'string' }, 'blind-drafts': { type: 'boolean' }, ...SETTLE_OPTIONS });
  const [action, ...rest] = positionals;
  const settleFlags = Object.keys(SETTLE_OPTIONS).filter((k) => values[k as keyof typeof SETTLE_OPTIONS] !== undefined);
  if (action !== 'start' && values['blind-drafts']) throw new UsageError('--blind-drafts goes with `review start`');
  if (action === 'settle') {
    if (values.verifier !== undefined) throw new UsageError('`review settle` takes no --verifier');
    return settle(values, rest, io);
  }
  if (action !== 'start' && action !== 'finish') throw new UsageError('say `review start`, `review finish` or `review settle`');
  if (settleFlags.length > 0) throw new UsageError(`\`review ${action}\` takes no --${settleFlags[0]}`);
  if (rest.length > 1) throw new UsageError(`unexpected \`${rest[1]}\``);
  const path = resolve(io.cwd, required(rest[0], 'FIXTURE'));
  const shown = displayPath(path, io.cwd);
  if (action === 'start') {
    const verifier = required(values.verifier?.trim(), '--verifier');
    const { read } = await loadFixtureFile(path, undefined, io.cwd);
    refuseUnreadable(read);
    const labeler = read.fixture.labeler;
    if (values['blind-drafts']) {
      // Read strictly: a file that is not UTF-8 is refused before its draft is kept anywhere.
      const text = await readUtf8File(path, 'fixture', shown);
      // The draft is kept before the file loses it; the edit checks the file still yields that draft.
      const { draft } = hideDraft(textOf(startReview(text.replace(/\r\n/g, '\n'), verifier), shown));
      const kept = await keepDraft(path, draft);
      await editFixture(path, io, (now) => {
        const started = startReview(now, verifier);
        if (!started.ok) return started;
        const hidden = hideDraft(started.text);
        if (JSON.stringify(hidden.draft) !== JSON.stringify(draft)) return refused(
          'review-state', 'changed while its draft was being kept aside: run the command again');
        return edited(hidden.text);
      });
      for (const w of reviewWarnings(read.fixture)) io.stderr.write(`fixture-lab: ${shown}: warning: ${w}\n`);
      const where = displayPath(kept, io.cwd);
      io.stdout.write(`${shown}: review started; ${labeler}'s draft is kept out of the file until the review finishes (${where}); `
        + `${verifier} labels blind: fixture-lab label add ${shown} SYMBOL --rater ${verifier} ...\n`);
      return 0;
    }
    await editFixture(path, io, (now) => startReview(now, verifier));
    for (const w of reviewWarnings(read.fixture)) io.stderr.write(`fixture-lab: ${shown}: warning: ${w}\n`);
    io.stdout.write(`${shown}: review started; ${labeler}'s list is frozen in labels.${labeler}; ${verifier} labels blind: fixture-lab label `
      + `add ${shown} SYMBOL --rater ${verifier} ...\n`);
    return 0;
  }
  if (values.verifier !== undefined) throw new UsageError('`review finish` takes no --verifier');
  const { read } = await loadFixtureFile(path, undefined, io.cwd);
  refuseUnreadable(read);
  const module = await moduleFor(path, read.fixture.repo);
  let result: { text: string; agreement: Agreement } | undefined;
  // A draft kept aside at the start (--blind-drafts) comes back first: kappa needs the labeler's list.
  const kept = await keptDraft(path);
  await editFixture(path, io, (text) => {
    const finished = finishReview(kept ? restoreDraft(text, kept) : text, { module });
    if (finished.ok) result = finished;
    return finished;
  });
  if (kept) await dropKeptDraft(path);
  const a = result!.agreement;
  const truth = readFixture(result!.text, shown).fixture.ground_truth.length;
  const head = a.kappa === null ? `kappa n/a (${a.reason}), observed agreement ${fmt(a.observed)}`
    : `kappa ${fmt(a.kappa)} ${a.band}, kappa_confidence ${fmt(a.kappa_confidence)}`;
  const counts = `${plural(a.items, 'item')}, ${plural(a.disagreements.length, 'disagreement')}; ground_truth: ${plural(truth, 'symbol')}`;
  io.stdout.write(`${shown}: review finished: ${head}; ${counts}\n`);
  for (const d of a.disagreements) io.stdout.write(`  ${d.symbol}: ${a.labeler} ${d.labeler ?? '-'}, ${a.verifier} ${d.verifier ?? '-'}\n`);
  if (a.disagreements.length > 0) io.stdout.write(`settle each: fixture-lab review settle ${shown} SYMBOL --resolution included|excluded --rationale TEXT\n`);
  return 0;
}
