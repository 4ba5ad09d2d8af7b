// Shared by the commands that edit one fixture: check the result still reads as a fixture before
// anything is written, so a bad edit can never leave a broken file behind.
import { displayPath, edited, Edited, editFile, readFixture, refused, then } from '../../core';
import type { CliIO } from '../args';

export async function editFixture(path: string, io: CliIO, edit: (text: string) => Edited): Promise<void> {
  const shown = displayPath(path, io.cwd);
  await editFile(path, (text) => then(edit(text), (next) => {
    const check = readFixture(next, shown);
    return check.parsed ? edited(next) : refused('breaks-yaml', `the edit would break the YAML (${check.problems[0]?.message}); nothing was written`);
  }), 'fixture', shown);
}
