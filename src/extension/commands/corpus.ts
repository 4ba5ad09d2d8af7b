// The corpus commands: open or make a fixture, filter the Fixtures view, reload, validate the
// whole corpus into the Problems view, and write the labeling report.
import * as vscode from 'vscode';
import { basename } from 'node:path';
import {
  addRepo, checkCorpusSymbols, staleReport, FixtureLabError, initCorpus, FIXTURE_STATES, formatMatchRate, fixtureFromChange, labelingReport, loadCorpus,
  parseChangeSpec, plainText, resolveChange, TASK_STUB, TASK_STUB_ADVICE, TIERS,
  validateCorpus, withheldText, writeTextAtomic,
} from '../../core';
import { newCorpusDir } from '../corpus/corpusLocation';
import { problemsToDiagnostics } from '../diagnostics/problemDiagnostics';
import { showChange, warnBlind } from '../review/blindReview';
import type { SomeHandlers } from './handler';

/** Where a new fixture's task stub is in its text (the quoted stub on its `task:` line), to select; undefined when a task was given. */
function stubRange(text: string): vscode.Range | undefined {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.startsWith('task: ') && l.includes(TASK_STUB));
  if (line < 0) return undefined;
  const start = lines[line].indexOf(TASK_STUB);
  return new vscode.Range(line, start, line, start + TASK_STUB.length);
}

export const CORPUS_COMMANDS = {
  // The walkthrough's first step on an empty folder, and the Fixtures view's welcome: the core's
  // `fixture-lab init`, then `repo add`, each the CLI's own function.
  'fixtureLab.initCorpus': async (s) => {
    const dir = newCorpusDir(s.ctx);
    if (!dir) throw new FixtureLabError('open a folder first: the corpus is made in it (or in fixtureLab.corpusPath under it)');
    const { written } = await initCorpus(dir.fsPath, { cwd: dir.fsPath });
    s.corpus.reload();
    await vscode.window.showTextDocument(vscode.Uri.joinPath(dir, 'repos.yaml'), { preview: false });
    const next = 'Add a Repository';
    void vscode.window.showInformationMessage(
      plainText(`Fixture Lab: a corpus in ${dir.fsPath} (${written.map((p) => basename(p)).join(', ')}). Next, add the repository its tasks come from.`), next,
    ).then((choice) => choice === next && vscode.commands.executeCommand('fixtureLab.addRepository'));
    return dir.fsPath;
  },

  'fixtureLab.addRepository': async (s, { name, source }) => {
    // No corpus, or fixtureLab.corpusPath naming a folder that holds none yet: the same advice.
    const corpus = await s.corpus.get().catch(() => undefined);
    if (!corpus) throw new FixtureLabError('no corpus in this workspace yet: run Fixture Lab: Initialize a Corpus Here first (fixture-lab init)');
    if (source === undefined) {
      const kind = await vscode.window.showQuickPick(
        [{ label: 'A local clone…', clone: true }, { label: 'A URL to clone…', clone: false }],
        { title: 'Add a Repository', placeHolder: 'Where is the repository?' },
      );
      if (!kind) return undefined;
      if (kind.clone) {
        const picked = await vscode.window.showOpenDialog({
          canSelectFolders: true, canSelectFiles: false, title: 'The repository\'s clone', openLabel: 'Add',
        });
        source = picked?.[0]?.fsPath;
      } else {
        source = await vscode.window.showInputBox({
          title: 'Add a Repository', prompt: 'Its URL: cloned into .repos/NAME beside repos.yaml', placeHolder: 'https://github.com/pallets/flask',
          ignoreFocusOut: true,
        });
      }
      if (!source) return undefined;
    }
    if (name === undefined) {
      name = await vscode.window.showInputBox({
        title: 'Add a Repository', prompt: 'Its name in this corpus: the folder its tasks go in (tasks/NAME/) and a fixture\'s `repo:`',
        value: basename(source.replace(/[/\\]+$/, '')).replace(/\.git$/, ''), ignoreFocusOut: true,
      });
      if (!name) return undefined;
    }
    const progress = { location: vscode.ProgressLocation.Notification, title: `Fixture Lab: adding ${plainText(name)}` };
    const [repoName, repoSource] = [name, source];
    const entry = await vscode.window.withProgress(progress, () => addRepo(corpus.dir, repoName, repoSource, { cwd: corpus.dir }));
    s.corpus.reload();
    const next = 'New Fixture from a Change';
    void vscode.window.showInformationMessage(
      plainText(`Fixture Lab: ${entry.name} added to repos.yaml, pinned at ${entry.commit?.slice(0, 12) ?? 'its HEAD'}. `
        + 'Next, make a fixture from one of its changes.'), next,
    ).then((choice) => choice === next && vscode.commands.executeCommand('fixtureLab.newFixture'));
    return entry.name;
  },

  'fixtureLab.openFixture': async (s, { uri }) => {
    if (!uri) {
      const corpus = await s.corpus.require();
      const pick = await vscode.window.showQuickPick(
        corpus.fixtures.map((f) => ({
          label: plainText(f.read.fixture.id ?? f.file),
          description: plainText(f.read.fixture.difficulty ?? ''),
          detail: plainText(f.read.fixture.task ?? ''),
          uri: vscode.Uri.file(f.path),
        })),
        { placeHolder: 'Open which fixture?', matchOnDetail: true },
      );
      if (!pick) return undefined;
      uri = pick.uri;
    }
    const current = await s.session.open(uri);
    // Blind review: the YAML would show the labeler's list, so the verifier gets the change instead.
    if (current.view.blind) {
      await showChange(s.corpus, current);
      void warnBlind(s.corpus, current);
      return current.fixture.id;
    }
    await vscode.window.showTextDocument(uri, { preview: false });
    return current.fixture.id;
  },

  'fixtureLab.newFixture': async (s) => {
    const corpus = await s.corpus.require();
    const repoName = corpus.repos.length === 1
      ? corpus.repos[0].name
      : (await vscode.window.showQuickPick(corpus.repos.map((r) => ({ label: plainText(r.name), name: r.name })), { placeHolder: 'Which repository?' }))?.name;
    if (!repoName) return undefined;
    const repo = await s.corpus.repository(repoName);
    const refs = await vscode.window.showInputBox({
      title: 'The change',
      prompt: 'BASE..HEAD, a PR\'s merge commit, or #N for the merge commit naming PR #N',
      placeHolder: 'main~1..main  or  a1b2c3d  or  #123',
      ignoreFocusOut: true,
    });
    if (!refs) return undefined;
    const change = await resolveChange(repo, parseChangeSpec(refs));
    // No task is asked for: as `fixture-lab new` without --task, the core writes its stub (the
    // change's title, which may name the solution, only in a comment above it), and the stub is
    // selected for the labeler to write over with the words.
    const tier = await vscode.window.showQuickPick([...TIERS], { placeHolder: 'Tier' });
    if (!tier) return undefined;
    const entry = corpus.repos.find((r) => r.name === repoName);
    const progress = { location: vscode.ProgressLocation.Notification, title: 'Fixture Lab: reading the change' };
    const { path, text } = await vscode.window.withProgress(progress, async () => fixtureFromChange({
      corpusDir: corpus.dir, repoName, repo, change, tier: tier as (typeof TIERS)[number], labeler: await s.session.rater(),
      ...(entry?.url ? { repoUrl: entry.url } : {}), candidates: { tests: s.ctx.config.candidateTests },
    }));
    s.corpus.reload();
    await s.session.open(vscode.Uri.file(path));
    const stub = stubRange(text);
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(path), stub ? { selection: stub } : {});
    if (stub) {
      editor.revealRange(stub);
      void vscode.window.showInformationMessage(`Fixture Lab: ${TASK_STUB_ADVICE}.`);
    }
    return path;
  },

  'fixtureLab.filterFixtures': async (s) => {
    const corpus = await s.corpus.require();
    const choice = await vscode.window.showQuickPick(
      [
        ...FIXTURE_STATES.map((state) => ({ label: state, description: 'state', apply: { state } })),
        ...[...new Set(corpus.repos.map((r) => r.name))].map((repo) => ({ label: plainText(repo), description: 'repo', apply: { repo } })),
        ...TIERS.map((tier) => ({ label: tier, description: 'tier', apply: { tier } })),
        { label: 'Text…', description: 'id, task, tags, symbols', apply: { text: '' } },
      ],
      { placeHolder: 'Show only fixtures that…' },
    );
    if (!choice) return undefined;
    let apply = choice.apply as Record<string, string>;
    if ('text' in apply) {
      const text = await vscode.window.showInputBox({ prompt: 'Text to look for' });
      if (!text) return undefined;
      apply = { text };
    }
    s.fixturesTree.setFilter({ ...s.fixturesTree.filter, ...apply });
    return s.fixturesTree.filter;
  },

  'fixtureLab.clearFilter': (s) => {
    s.fixturesTree.setFilter({});
  },

  'fixtureLab.refresh': (s) => {
    s.corpus.reload();
  },

  'fixtureLab.validateCorpus': async (s) => {
    const corpus = await s.corpus.require();
    const loaded = await loadCorpus(corpus.dir, corpus.dir);
    const problems = validateCorpus(loaded);
    const symbols = await checkCorpusSymbols(loaded, { repositoryPaths: s.ctx.config.repositoryPaths });
    problems.push(...symbols.problems);
    // The rater's own report (a review they verify blind shown as under way) is current too, as the live diagnostic says.
    const rater = await s.session.rater();
    const report = await staleReport(loaded, rater);
    if (report) problems.push(report);
    // A review this rater verifies blind: no problem that quotes the labeler's labels.
    const withheld = new Map(loaded.fixtures.map((f) => [f.file, withheldText(f.read.fixture, rater)]));
    const shown = problems.filter((p) => !withheld.get(p.file)?.some((t) => p.message.includes(t)));
    s.ctx.diagnostics.clear();
    for (const [file, diagnostics] of problemsToDiagnostics(shown, corpus.dir)) s.ctx.diagnostics.set(vscode.Uri.file(file), diagnostics);
    const errors = shown.filter((p) => p.severity === 'error').length;
    const message = `Fixture Lab: ${errors} errors, ${shown.length - errors} warnings in the corpus; ${formatMatchRate('ground truth', symbols.ground_truth)}.`;
    const showProblems = (pick: string | undefined) => pick && vscode.commands.executeCommand('workbench.actions.view.problems');
    if (errors > 0) void vscode.window.showErrorMessage(message, 'Show Problems').then(showProblems);
    else void vscode.window.showInformationMessage(message);
    return shown;
  },

  'fixtureLab.writeReport': async (s, { quiet }) => {
    const corpus = await s.corpus.require();
    const target = vscode.Uri.file(`${corpus.dir}/labeling-report.md`);
    // As the rater may see it: a review they verify blind shows as under way, nothing more.
    await writeTextAtomic(target.fsPath, labelingReport(await loadCorpus(corpus.dir), { rater: await s.session.rater() }));
    if (!quiet) await vscode.window.showTextDocument(target, { preview: true });
    return target;
  },
} satisfies SomeHandlers;
