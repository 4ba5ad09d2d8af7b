// Shared by the commands that edit one fixture: check the result still reads as a fixture before
// anything is written, so a bad edit can never leave a broken file behind.
import { loadFixtureFile } from '../../core/corpus/load';
import { readFixture, type ReadFixture, UNREADABLE_FIXTURE } from '../../core/fixtures/read';
import { editFile } from '../../core/io/files';
import { displayPath, edited, Edited, ProblemError, refused, then } from '../../core/problems';
import { type CliIO } from '../args';
import { repoEntryFor } from '../fixtureArgs';

export async function editFixture(path: string, io: CliIO, edit: (text: string) => Edited): Promise<void> {
  const shown = displayPath(path, io.cwd);
  // Its repository as repos.yaml names it, refused as validate refuses it (a name that is not one path component).
  await repoEntryFor(path, (await loadFixtureFile(path, undefined, io.cwd)).read.fixture.repo);
  await editFile(path, (text) => {
    refuseUnreadable(readFixture(text, shown));
    return then(edit(text), (next) => {
    const check = readFixture(next, shown);
      return check.parsed ? edited(next) : refused('breaks-yaml', `the edit would break the YAML (${check.problems[0]?.message}); nothing was written`);
    });
  }, 'fixture', shown);
}

/** What validate refuses to read, every edit refuses, with validate's own line (an alias, a file over the size limit). */
export function refuseUnreadable(read: Pick<ReadFixture, 'problems'>): void {
  const unreadable = read.problems.find((p) => UNREADABLE_FIXTURE.has(p.code));
  if (unreadable) throw new ProblemError(unreadable);
}
