// Shared by the commands that edit one fixture: check the result still reads as a fixture before
// anything is written, so a bad edit can never leave a broken file behind.
import { displayPath, editFile, FixtureLabError, readFixture } from '../../core';
import type { CliIO } from '../args';

export async function editFixture(path: string, io: CliIO, edit: (text: string) => string): Promise<void> {
  const shown = displayPath(path, io.cwd);
  await editFile(path, (text) => {
    const next = edit(text);
    const check = readFixture(next, shown);
    if (!check.parsed) throw new FixtureLabError(`the edit would break the YAML (${check.problems[0]?.message}); nothing was written`);
    return next;
  }, 'fixture', shown);
}
