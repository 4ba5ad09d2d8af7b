// Every command is a factory `(ctx) => handler`, listed in one table and registered in one loop.
// A unit test keeps this table and package.json's contributes.commands the same.
import * as vscode from 'vscode';
import {
  addLabel, agreementOf, CONFIDENCES, Confidence, fmt, FixtureLabError, labelingReport, loadCorpus, normalizeSymbol,
  readFixture, readRepos, removeLabel, validateCorpus, writeTextAtomic,
} from '../core';
import { corpusDirOf, findCorpusDir } from './corpusLocation';
import { Ctx } from './ctx';
import { applyFixtureEdit } from './fixtureEdits';
import { problemsToDiagnostics } from './diagnostics';

type Handler = (...args: never[]) => Promise<unknown>;

export const COMMANDS = {
  'fixtureLab.addLabel': (ctx: Ctx) =>
    async (uri?: vscode.Uri, symbol?: string, confidence?: Confidence, reason?: string, rater?: string) => {
      const document = await fixtureDocument(uri);
      const module = await moduleOf(document);
      symbol ??= await vscode.window.showInputBox({ prompt: 'Qualified symbol name', placeHolder: 'pkg/file.Type.method' });
      if (!symbol) return false;
      confidence ??= (await vscode.window.showQuickPick([...CONFIDENCES], { placeHolder: `Confidence for ${symbol}` })) as Confidence | undefined;
      if (!confidence) return false;
      reason ??= await vscode.window.showInputBox({ prompt: `Why does the task need ${symbol}?` });
      if (reason === undefined) return false;
      const name = normalizeSymbol(symbol, { module });
      const label = { symbol: name, confidence, reason };
      const done = await applyFixtureEdit(document, (text) => addLabel(text, label, { rater }));
      ctx.output.info(`label ${name} ${confidence} -> ${rater ? `labels.${rater}` : 'ground_truth'} in ${document.uri.fsPath}`);
      return done;
    },

  'fixtureLab.removeLabel': (ctx: Ctx) => async (uri?: vscode.Uri, symbol?: string, rater?: string) => {
    const document = await fixtureDocument(uri);
    const { fixture } = readFixture(document.getText(), document.uri.fsPath);
    const list = rater ? fixture.labels[rater] ?? [] : fixture.ground_truth;
    symbol ??= await vscode.window.showQuickPick(list.map((l) => l.symbol), { placeHolder: 'Remove which label?' });
    if (!symbol) return false;
    const name = symbol;
    const done = await applyFixtureEdit(document, (text) => removeLabel(text, name, { rater }));
    ctx.output.info(`unlabel ${name} from ${rater ? `labels.${rater}` : 'ground_truth'} in ${document.uri.fsPath}`);
    return done;
  },

  'fixtureLab.validateCorpus': (ctx: Ctx) => async () => {
    const dir = await requireCorpus(ctx);
    const problems = validateCorpus(await loadCorpus(dir.fsPath, dir.fsPath));
    ctx.diagnostics.clear();
    for (const [file, diagnostics] of problemsToDiagnostics(problems, dir.fsPath)) ctx.diagnostics.set(vscode.Uri.file(file), diagnostics);
    const errors = problems.filter((p) => p.severity === 'error').length;
    const message = `Fixture Lab: ${errors} errors, ${problems.length - errors} warnings in the corpus.`;
    if (errors > 0) void vscode.window.showErrorMessage(message, 'Show Problems').then((pick) => pick && vscode.commands.executeCommand('workbench.actions.view.problems'));
    else void vscode.window.showInformationMessage(message);
    return problems;
  },

  'fixtureLab.showAgreement': () => async (uri?: vscode.Uri) => {
    const document = await fixtureDocument(uri);
    const { fixture } = readFixture(document.getText(), document.uri.fsPath);
    const agreement = agreementOf(fixture, { module: await moduleOf(document) });
    const summary = agreement.kappa === null
      ? `kappa n/a: ${agreement.reason}`
      : `kappa ${fmt(agreement.kappa)} (${agreement.band}), kappa with confidence ${fmt(agreement.kappa_confidence)}, ${agreement.disagreements.length} disagreements over ${agreement.items} items`;
    void vscode.window.showInformationMessage(`${fixture.id ?? document.uri.fsPath}: ${summary}`);
    return agreement;
  },

  'fixtureLab.writeReport': (ctx: Ctx) => async () => {
    const dir = await requireCorpus(ctx);
    const target = vscode.Uri.joinPath(dir, 'labeling-report.md');
    await writeTextAtomic(target.fsPath, labelingReport(await loadCorpus(dir.fsPath)));
    await vscode.window.showTextDocument(target, { preview: true });
    return target;
  },
} satisfies Record<string, (ctx: Ctx) => Handler>;

export type CommandId = keyof typeof COMMANDS;

export function registerCommands(ctx: Ctx): void {
  for (const [id, factory] of Object.entries(COMMANDS) as [CommandId, (ctx: Ctx) => Handler][]) {
    const handler = factory(ctx);
    ctx.push(vscode.commands.registerCommand(id, async (...args: never[]) => {
      try {
        return await handler(...args);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (!(e instanceof FixtureLabError)) ctx.output.error(e instanceof Error ? e : message);
        void vscode.window.showErrorMessage(`Fixture Lab: ${message}`);
        return undefined;
      }
    }));
  }
}

async function fixtureDocument(uri?: vscode.Uri): Promise<vscode.TextDocument> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!document || !/\.ya?ml$/.test(document.uri.path)) throw new FixtureLabError('open a fixture YAML file first (corpus/tasks/<repo>/<tier>/NN-slug.yaml)');
  return document;
}

async function requireCorpus(ctx: Ctx): Promise<vscode.Uri> {
  const dir = await findCorpusDir(ctx);
  if (!dir) throw new FixtureLabError('no corpus in this workspace: open a folder holding repos.yaml and tasks/, or set fixtureLab.corpusPath');
  return dir;
}

/** The fixture's repo module prefix (repos.yaml `module`), so names are normalized as the CLI does. */
async function moduleOf(document: vscode.TextDocument): Promise<string | undefined> {
  const dir = await corpusDirOf(document.uri);
  const repo = readFixture(document.getText(), document.uri.fsPath).fixture.repo;
  if (!dir || !repo) return undefined;
  const reposUri = vscode.Uri.joinPath(dir, 'repos.yaml');
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(reposUri));
  return readRepos(text, reposUri.fsPath).repos.find((r) => r.name === repo)?.module;
}
