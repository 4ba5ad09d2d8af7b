// The labeling report in a real VS Code when a fixture changes on disk outside the editor (a pull,
// the CLI): the report's kappas are no longer the corpus's, and the Problems view says so on
// labeling-report.md in validate's words (stale-report) without anyone running validate; writing the
// report again clears it.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { copyFixture, eventually, journeySuite } from './helpers';

describe('labeling report: one that no longer matches the fixtures is a warning on it, live', function () {
  this.timeout(120_000);
  let copy: vscode.Uri | undefined;
  let report: { path: string; text: string } | undefined;
  journeySuite(() => undefined, () => {
    if (copy) rmSync(copy.fsPath, { force: true });
    if (report) writeFileSync(report.path, report.text);
  });

  it('warns on labeling-report.md once a fixture is added on disk, and not once the report is written again', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const path = join(folder, 'labeling-report.md');
    report = { path, text: readFileSync(path, 'utf8') };
    const uri = vscode.Uri.file(path);
    const staleOf = () => vscode.languages.getDiagnostics(uri).filter((d) => d.code === 'stale-report');
    // A report of the fixtures as they are: nothing said. Written here: the journeys before this one
    // save fixtures (each save writes the rater's report) and then remove their copies, which leaves
    // a report that is rightly stale (the shipped report's being current is shippedFiles.test.ts's).
    await vscode.commands.executeCommand('fixtureLab.writeReport', { quiet: true });
    await eventually(() => assert.deepEqual(staleOf().map((d) => d.message), []), 30_000);

    ({ uri: copy } = copyFixture('bookshop/easy/02-price-currency.yaml', 'report'));
    const [warning] = await eventually(() => {
      const found = staleOf();
      assert.equal(found.length, 1, 'the stale report is said');
      return found;
    }, 30_000);
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /^is not the report of the fixtures as they are now .*`fixture-lab report` writes it again$/);

    const before = readFileSync(path, 'utf8');
    await vscode.commands.executeCommand('fixtureLab.writeReport', { quiet: true });
    assert.notEqual(readFileSync(path, 'utf8'), before, 'the report now lists the new fixture');
    await eventually(() => assert.deepEqual(staleOf().map((d) => d.message), []), 30_000);
  });
});
