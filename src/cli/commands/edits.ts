// Shared by the commands that edit one fixture: check the result still reads as a fixture before
// anything is written, so a bad edit can never leave a broken file behind.
import { editFile, FixtureLabError, readFixture } from '../../core';

export async function editFixture(path: string, edit: (text: string) => string): Promise<void> {
  await editFile(path, (text) => {
    const next = edit(text);
    const check = readFixture(next, path);
    if (!check.parsed) throw new FixtureLabError(`the edit would break the YAML (${check.problems[0]?.message}); nothing was written`, path);
    return next;
  }, 'fixture');
}
