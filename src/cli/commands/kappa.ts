import { AgreementFigures, figureSummary, paradoxNote } from '../../core/agreement/figures';
import { Agreement } from '../../core/agreement/raters';
import { loadFixtureFile } from '../../core/corpus/load';
import { formatNumber, setField } from '../../core/fixtures/edit';
import { agreementWriteRefusal, measuredAgreement, REVIEW_IN_PROGRESS } from '../../core/labeling/state';
import { displayPath, FixtureLabError, refused } from '../../core/problems';
import { fmt, plural } from '../../shared/figures';
import { CliIO, parse, UsageError } from '../args';
import { fixturePaths, moduleFor } from '../fixtureArgs';
import { editFixture, refuseUnreadable } from './edits';

export async function kappa(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, write: { type: 'boolean' } });
  if (positionals.length === 0) throw new UsageError('name at least one fixture (or a folder of fixtures)');
  const results: (Agreement & { finish?: string })[] = [];
  for (const path of await fixturePaths(positionals, io.cwd)) {
    const { read, file } = await loadFixtureFile(path, undefined, io.cwd);
    if (values.write) refuseUnreadable(read);
    // Agreement over a file that is not a whole fixture (no id, no raters' lists) would be noise.
    const error = read.problems.find((p) => p.severity === 'error');
    if (error) throw new FixtureLabError(`${error.line}:${error.col}: ${error.message}; fix it first (\`fixture-lab validate\` lists every problem)`, file);
    // Agreement exists for a finished review only: `review finish` closes the lists and writes it.
    const finish = `\`fixture-lab review finish ${displayPath(path, io.cwd)}\``;
    const refusal = values.write ? agreementWriteRefusal(read.fixture, finish) : undefined;
    // Through the edit's own reading, so a file it cannot edit says why first.
    if (refusal) await editFixture(path, io, () => refused(refusal.code, refusal.refused));
    const agreement = measuredAgreement(read.fixture, { module: await moduleFor(path, read.fixture.repo) });
    results.push(agreement.reason === REVIEW_IN_PROGRESS ? { ...agreement, finish } : agreement);
    if (values.write && agreement.kappa !== null && read.fixture.agreement !== Number(formatNumber(agreement.kappa))) {
      await editFixture(path, io, (text) => setField(text, 'agreement', agreement.kappa));
    }
  }
  if (values.json) {
    // The figures beside kappa are a contract: `percent` (= observed), `ac1`, `pabak`,
    // `specific_positive`, `specific_negative`, `kappa_weighted`, and under `labeled_only` the
    // same over the items some rater included (with its own `kappa` and `items`).
    const out = results.map(({ table: _table, figures, labeled_only, finish: _finish, ...a }) => ({
      ...a,
      disagreements: a.disagreements.map((d) => ({ symbol: d.symbol, labeler: d.labeler, verifier: d.verifier })),
      ...added(figures),
      labeled_only: { items: labeled_only.items, kappa: labeled_only.kappa, ...added(labeled_only) },
    }));
    io.stdout.write(JSON.stringify(out, null, 2) + '\n');
    return 0;
  }
  for (const a of results) {
    if (a.finish) {
      io.stdout.write(`${a.id}: ${REVIEW_IN_PROGRESS}: kappa is measured when it finishes (${a.finish})\n`);
      continue;
    }
    const head = a.kappa === null
      ? `kappa n/a (${a.reason})${a.observed === null ? '' : `, observed agreement ${fmt(a.observed)}`}`
      : `kappa ${fmt(a.kappa)} ${a.band}, kappa_confidence ${fmt(a.kappa_confidence)}, observed ${fmt(a.observed)}, expected ${fmt(a.expected)}`;
    io.stdout.write(`${a.id}: ${head}; ${plural(a.items, 'item')}, ${plural(a.disagreements.length, 'disagreement')}\n`);
    if (a.items > 0) {
      io.stdout.write(`  all ${plural(a.figures.items, 'item')}: ${figureSummary(a.figures)}\n`);
      io.stdout.write(`  labeled only, ${plural(a.labeled_only.items, 'item')}: ${figureSummary(a.labeled_only)}\n`);
      const paradox = paradoxNote(a.figures, a.table);
      if (paradox) io.stdout.write(`  ${paradox}\n`);
    }
    for (const d of a.disagreements) {
      io.stdout.write(`  ${d.symbol}: ${a.labeler ?? 'labeler'} ${d.labeler ?? '-'}, ${a.verifier ?? 'verifier'} ${d.verifier ?? '-'}\n`);
    }
  }
  return 0;
}

function added(f: AgreementFigures) {
  return {
    percent: f.percent,
    ac1: f.ac1,
    pabak: f.pabak,
    specific_positive: f.specific_positive,
    specific_negative: f.specific_negative,
    kappa_weighted: f.kappa_weighted,
  };
}
