import { resolve } from 'node:path';
import {
  BodyIndex, displayPath, FixtureLabError, lineText, loadFixtureFile, readFixture, relocationLines, relocationReport, relocationTotals,
  relocateFixture, relocationRefusal, Repository, repositoryPath, revisionOf, type SkippedMove,
} from '../../core';
import { CliIO, parse, required, UsageError } from '../args';
import { repoEntryFor } from '../fixtureArgs';
import { editFixture, refuseUnreadable } from './edits';

/**
 * `relocate FIXTURE --to REV [--write] [--json]`: each labeled symbol compared between the
 * revision its label was made at (`at`, else the fixture's) and REV: unchanged, moved (the rename
 * offered), changed (review it) or gone. --write applies the moves, and only them, in one write.
 */
export async function relocate(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { to: { type: 'string' }, write: { type: 'boolean' }, json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError('give one fixture file');
  const to = required(values.to, '--to');
  const path = resolve(io.cwd, positionals[0]);
  const shown = displayPath(path, io.cwd);
  const { read } = await loadFixtureFile(path, undefined, io.cwd);
  if (values.write) refuseUnreadable(read);
  const error = read.problems.find((p) => p.severity === 'error');
  if (error) throw new FixtureLabError(`has errors (${error.line}:${error.col}: ${error.message}); fix them first (fixture-lab validate)`, shown);
  // A change is labeled and run at its diff.base: its labels are never written at another revision.
  const refusal = values.write ? relocationRefusal(read.fixture) : undefined;
  if (refusal) throw new FixtureLabError(refusal, shown);
  const found = await repoEntryFor(path, read.fixture.repo);
  if (!found) throw new FixtureLabError(`no repos.yaml above it names its repo \`${read.fixture.repo ?? ''}\`: add the repository there`, shown);
  const from = revisionOf(read.fixture, found.entry);
  if (!from) throw new FixtureLabError('names no revision (diff.base, commit, or a commit in repos.yaml) to compare its labels from', shown);
  const repo = await Repository.open(repositoryPath(found.corpusDir, found.entry));
  try {
    const options = { module: found.entry.module };
    const report = await relocationReport(new BodyIndex(repo, options), read.fixture, from.rev, to, options);
    let written: { applied: number; skipped: SkippedMove[] } | undefined;
    // The labels and the fixture's `commit` move together: a commit fixture runs at repos.yaml's pinned commit, so REV must be it.
    const pinned = found.entry.commit;
    if (values.write && pinned && (await repo.resolve(pinned).catch(() => pinned)) !== report.to) {
      throw new FixtureLabError(`${to} is not repos.yaml's pinned commit for \`${found.entry.name}\` (${pinned}), where the fixture runs: pin it there `
        + 'first, then relocate; nothing was written', shown);
    }
    const commit = pinned ?? report.to;
    if (values.write && (report.totals.moved > 0 || read.fixture.commit !== commit)) {
      await editFixture(path, io, (text) => {
        const result = relocateFixture(text, readFixture(text, shown).fixture, report, commit, options);
        if (result.ok) written = { applied: new Set(result.applied.map((r) => r.symbol)).size, skipped: result.skipped };
        return result;
      });
    }
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ ...report, ...(values.write ? { written: written ?? { applied: 0, skipped: [] } } : {}) }, null, 2)}\n`);
      return 0;
    }
    for (const line of relocationLines(report)) io.stdout.write(`${line}\n`);
    for (const s of written?.skipped ?? []) io.stdout.write(`${lineText(`not moved: ${s.symbol} -> ${s.moved_to}: ${s.reason}`)}\n`);
    const tail = values.write ? `; ${written?.applied ?? 0} moved in ${shown}` : report.totals.moved > 0 ? ' (--write applies the moves)' : '';
    io.stdout.write(`${relocationTotals(report)}${tail}\n`);
    return 0;
  } finally {
    repo.close();
  }
}
