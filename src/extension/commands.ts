// Every command is a factory `(services) => handler`, listed in one table and registered in one
// loop with one error path. A unit test keeps this table and package.json's commands the same.
// Text from fixtures, repositories and runs reaches notifications and quick inputs only through
// plainText, and a hover link's argument only as a key (LinkRef) the command looks up.
import * as vscode from 'vscode';
import {
  agreementOf, clickTarget, FIXTURE_STATES, CONFIDENCES, Confidence, definitionAt, definitionsOf, fmt, FixtureLabError, fixtureView, includedByARater, isJudged, withheldText,
  labelAs, labelingReport, loadCorpus, modulePath, fixtureFromChange, normalizeSymbol, resolveChange, readFixture, RESOLUTIONS, Resolution, settleDispute, unlabelAs,
  symbolKey, TIERS, validateCorpus, checkCorpusSymbols, formatMatchRate, writeTextAtomic, FAILURE_CATEGORIES, FailureCategory, fixtureIdOf, Miss, plainText,
} from '../core';
import { BenchmarkPanel } from './harness/panel';
import { RunRequest } from './harness/runner';
import { showChange, warnBlind } from './review/blindReview';
import { openFileDiff, openFixtureDiff } from './diff/openDiff';
import { revisionUri } from './diff/revisions';
import { problemsToDiagnostics } from './diagnostics/problemDiagnostics';
import { applyFixtureEdit, refuseOversized } from './labeling/fixtureEdits';
import { isLinkRef } from './hovers/linkTargets';
import type { Services } from './services';
import { SymbolRef } from './labeling/label';
import type { MissRef } from './triage/hover';
import { symbolOfArgument } from './views/candidatesTree';

/** A command's handler: async where it waits for something; the loop below awaits whatever it returns. */
type Handler = (...args: never[]) => unknown;

export const COMMANDS = {
  'fixtureLab.addLabel': (s: Services) =>
    async (uri?: vscode.Uri, symbol?: string, confidence?: Confidence, reason?: string, rater?: string) => {
      const document = await fixtureDocument(s, uri);
      const module = await moduleOf(s, document);
      symbol ??= await vscode.window.showInputBox({ prompt: 'Qualified symbol name', placeHolder: 'pkg/file.Type.method' });
      if (!symbol) return false;
      confidence ??= (await vscode.window.showQuickPick([...CONFIDENCES], { placeHolder: plainText(`Confidence for ${symbol}`) })) as Confidence | undefined;
      if (!confidence) return false;
      reason ??= await vscode.window.showInputBox({ prompt: plainText(`Why does the task need ${symbol}?`) });
      if (reason === undefined) return false;
      const named = (await s.corpus.namesAtBase(readFixture(document.getText(), document.uri.fsPath).fixture))(normalizeSymbol(symbol, { module }));
      if ('refused' in named) throw new FixtureLabError(named.refused);
      const label = { symbol: named.symbol, confidence, reason };
      // `rater` says who labels (a role), as the CLI's --rater; by default the rater setting.
      const as = rater ?? (await s.session.rater());
      const done = await applyFixtureEdit(document, (text) => labelAs(text, as, label));
      const unresolved = await s.corpus.symbolWarning(readFixture(document.getText(), document.uri.fsPath).fixture, label.symbol);
      if (unresolved) void vscode.window.showWarningMessage(plainText(`Fixture Lab: ${label.symbol}: ${unresolved}`));
      return done;
    },

  'fixtureLab.removeLabel': (s: Services) => async (uri?: vscode.Uri, symbol?: string, rater?: string) => {
    const document = await fixtureDocument(s, uri);
    const { fixture } = readFixture(document.getText(), document.uri.fsPath);
    const as = rater ?? (await s.session.rater());
    const target = clickTarget(fixture, as);
    if ('refused' in target) throw new FixtureLabError(target.refused);
    const list = target.rater ? fixture.labels[target.rater] ?? [] : fixture.ground_truth;
    symbol ??= (await vscode.window.showQuickPick(list.map((l) => ({ label: plainText(l.symbol), symbol: l.symbol })), { placeHolder: 'Remove which label?' }))?.symbol;
    if (!symbol) return false;
    const name = symbol;
    return applyFixtureEdit(document, (text) => unlabelAs(text, as, name));
  },

  'fixtureLab.openFixture': (s: Services) => async (uri?: vscode.Uri) => {
    if (!uri) {
      const corpus = await s.corpus.require();
      const pick = await vscode.window.showQuickPick(
        corpus.fixtures.map((f) => ({ label: plainText(f.read.fixture.id ?? f.file), description: plainText(f.read.fixture.difficulty ?? ''), detail: plainText(f.read.fixture.task ?? ''), uri: vscode.Uri.file(f.path) })),
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

  'fixtureLab.openDiff': (s: Services) => async () => openFixtureDiff(s.corpus, await s.labeler.requireCurrent()),

  'fixtureLab.openCandidate': () =>
    async (repo: string, base: string, head: string, oldPath: string | undefined, newPath: string | undefined, line?: number) => openFileDiff(repo, base, head, oldPath, newPath, line),

  // From a hover link (a LinkRef) the reason is always asked: a link carries no text to write.
  'fixtureLab.labelHigh': (s: Services) => async (arg?: unknown, reason?: string) => s.labeler.label(await symbolFrom(s, arg), 'HIGH', isLinkRef(arg) ? undefined : reason),
  'fixtureLab.labelMedium': (s: Services) => async (arg?: unknown, reason?: string) => s.labeler.label(await symbolFrom(s, arg), 'MEDIUM', isLinkRef(arg) ? undefined : reason),
  'fixtureLab.removeSymbolLabel': (s: Services) => async (arg?: unknown) => s.labeler.unlabel(await symbolFrom(s, arg)),

  'fixtureLab.changeLabel': (s: Services) => async (arg?: unknown) => {
    const symbol = await symbolFrom(s, arg);
    const pick = await vscode.window.showQuickPick(['HIGH', 'MEDIUM', 'Remove label'], { title: plainText(symbol.symbol) });
    if (!pick) return false;
    return pick === 'Remove label' ? s.labeler.unlabel(symbol) : s.labeler.label(symbol, pick as Confidence);
  },

  'fixtureLab.recordDispute': (s: Services) =>
    async (symbol?: string, resolution?: Resolution, rationale?: string, confidence?: Confidence, unjudged?: boolean) => {
      const c = await s.labeler.requireCurrent();
      const seen = c.view.fixture;
      const known = [...new Set([...seen.candidates, ...seen.ground_truth.map((l) => l.symbol), ...Object.values(seen.labels).flat().map((l) => l.symbol)])];
      symbol ??= (await vscode.window.showQuickPick(known.map((k) => ({ label: plainText(k), symbol: k })), { placeHolder: 'Which symbol is disputed?' }))?.symbol;
      if (!symbol) return false;
      const name = normalizeSymbol(symbol, c);
      if (!isJudged(c.fixture, name, c) && !unjudged) {
        // The adjudicator adding what both raters missed: said on purpose, as the CLI's --unjudged.
        const add = 'Record as Unjudged';
        if ((await vscode.window.showWarningMessage(plainText(`Fixture Lab: nobody judged ${name} (in no list and not in candidates). Record a ruling on it anyway?`), { modal: true }, add)) !== add) return false;
        unjudged = true;
      }
      resolution ??= (await vscode.window.showQuickPick([...RESOLUTIONS], { title: plainText(name) })) as Resolution | undefined;
      if (!resolution) return false;
      if (resolution === 'included' && !confidence && !includedByARater(c.fixture, name, c)) {
        confidence = (await vscode.window.showQuickPick([...CONFIDENCES], { title: plainText(`No rater included ${name}: its confidence`) })) as Confidence | undefined;
        if (!confidence) return false;
      }
      rationale ??= await vscode.window.showInputBox({ title: plainText(`${resolution}: ${name}`), prompt: 'Rationale for the ruling' });
      if (!rationale) return false;
      const dispute = { symbol: name, resolution, rationale, ...(confidence ? { confidence } : {}), ...(unjudged ? { unjudged } : {}) };
      return applyFixtureEdit((await s.session.document())!, (text) => settleDispute(text, dispute, c));
    },

  'fixtureLab.startReview': (s: Services) => async () => s.review.start(),
  'fixtureLab.finishReview': (s: Services) => async () => s.review.finish(),
  'fixtureLab.settleDisagreements': (s: Services) =>
    async (symbol?: string, resolution?: Resolution, rationale?: string, confidence?: Confidence) => s.review.settle(symbol, resolution, rationale, confidence),

  'fixtureLab.newFixture': (s: Services) => async () => {
    const corpus = await s.corpus.require();
    const repoName = corpus.repos.length === 1 ? corpus.repos[0].name : (await vscode.window.showQuickPick(corpus.repos.map((r) => ({ label: plainText(r.name), name: r.name })), { placeHolder: 'Which repository?' }))?.name;
    if (!repoName) return undefined;
    const repo = await s.corpus.repository(repoName);
    const refs = await vscode.window.showInputBox({ title: 'The change', prompt: 'BASE..HEAD, a PR\'s merge commit, or #N for the merge commit naming PR #N', placeHolder: 'main~1..main  or  a1b2c3d  or  #123', ignoreFocusOut: true });
    if (!refs) return undefined;
    const spec = /^#\d+$/.test(refs.trim()) ? { pr: Number(refs.trim().slice(1)) }
      : refs.includes('..') ? { base: refs.split('..')[0].trim(), head: refs.split('..')[1].trim() } : { base: `${refs.trim()}^1`, head: refs.trim() };
    const change = await resolveChange(repo, spec);
    const task = await vscode.window.showInputBox({ title: 'The task', prompt: 'What the developer was asked to do, as the issue says it', value: change.title ?? '', ignoreFocusOut: true });
    if (!task) return undefined;
    const tier = await vscode.window.showQuickPick([...TIERS], { placeHolder: 'Tier' });
    if (!tier) return undefined;
    const entry = corpus.repos.find((r) => r.name === repoName);
    const { path } = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Fixture Lab: reading the change' }, async () => fixtureFromChange({
      corpusDir: corpus.dir, repoName, repo, change, task, tier: tier as (typeof TIERS)[number], labeler: await s.session.rater(),
      ...(entry?.url ? { repoUrl: entry.url } : {}), candidates: { tests: s.ctx.config.candidateTests },
    }));
    s.corpus.reload();
    await s.session.open(vscode.Uri.file(path));
    await vscode.window.showTextDocument(vscode.Uri.file(path));
    return path;
  },

  /** `column`: where it opens (the panel opens symbols in a group other than its own); else the active group. */
  'fixtureLab.revealSymbol': (s: Services) => async (symbol: string, fixture?: vscode.Uri, column?: vscode.ViewColumn) => {
    // From a lens on a fixture's YAML: that fixture, whichever is current.
    if (fixture && (await s.session.current())?.uri.toString() !== fixture.toString()) await s.session.open(fixture);
    const c = await s.labeler.requireCurrent();
    const rev = c.fixture.diff?.base ?? c.fixture.commit;
    if (!c.fixture.repo || !rev) throw new FixtureLabError('the fixture names no repo and revision');
    const repo = await s.corpus.repository(c.fixture.repo);
    const name = normalizeSymbol(symbol, c);
    for (const path of await repo.listFiles(rev)) {
      if (!name.startsWith(`${modulePath(path)}.`)) continue;
      const file = await repo.readFile(rev, path);
      if (file.kind !== 'text') continue;
      const def = (await definitionsOf(path, file.text)).find((d) => symbolKey(d.symbol) === symbolKey(name));
      if (!def) continue;
      const line = def.nameLine - 1;
      await vscode.window.showTextDocument(revisionUri({ repo: c.fixture.repo, rev, path }), { selection: new vscode.Range(line, def.nameColumn, line, def.nameColumn + def.name.length), ...(column !== undefined ? { viewColumn: column } : {}) });
      return path;
    }
    throw new FixtureLabError(`\`${symbol}\` is not defined at ${rev.slice(0, 12)}: check the name`);
  },

  'fixtureLab.filterFixtures': (s: Services) => async () => {
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

  'fixtureLab.clearFilter': (s: Services) => () => {
    s.fixturesTree.setFilter({});
  },

  'fixtureLab.refresh': (s: Services) => () => {
    s.corpus.reload();
  },

  'fixtureLab.validateCorpus': (s: Services) => async () => {
    const corpus = await s.corpus.require();
    const loaded = await loadCorpus(corpus.dir, corpus.dir);
    const problems = validateCorpus(loaded);
    const symbols = await checkCorpusSymbols(loaded, { repositoryPaths: s.ctx.config.repositoryPaths });
    problems.push(...symbols.problems);
    // A review this rater verifies blind: no problem that quotes the labeler's labels.
    const rater = await s.session.rater();
    const withheld = new Map(loaded.fixtures.map((f) => [f.file, withheldText(f.read.fixture, rater)]));
    const shown = problems.filter((p) => !withheld.get(p.file)?.some((t) => p.message.includes(t)));
    s.ctx.diagnostics.clear();
    for (const [file, diagnostics] of problemsToDiagnostics(shown, corpus.dir)) s.ctx.diagnostics.set(vscode.Uri.file(file), diagnostics);
    const errors = shown.filter((p) => p.severity === 'error').length;
    const message = `Fixture Lab: ${errors} errors, ${shown.length - errors} warnings in the corpus; ${formatMatchRate('ground truth', symbols.ground_truth)}.`;
    if (errors > 0) void vscode.window.showErrorMessage(message, 'Show Problems').then((pick) => pick && vscode.commands.executeCommand('workbench.actions.view.problems'));
    else void vscode.window.showInformationMessage(message);
    return shown;
  },

  'fixtureLab.showAgreement': (s: Services) => async (uri?: vscode.Uri) => {
    const document = await fixtureDocument(s, uri);
    const { fixture } = readFixture(document.getText(), document.uri.fsPath);
    if (fixtureView(fixture, await s.session.rater()).blind) {
      throw new FixtureLabError(`you review ${fixture.id ?? 'this fixture'} blind: its agreement is measured when the review finishes`);
    }
    const agreement = agreementOf(fixture, { module: await moduleOf(s, document) });
    const summary = agreement.kappa === null
      ? `kappa n/a: ${agreement.reason}`
      : `kappa ${fmt(agreement.kappa)} (${agreement.band}), kappa with confidence ${fmt(agreement.kappa_confidence)}, ${agreement.disagreements.length} disagreements over ${agreement.items} items`;
    void vscode.window.showInformationMessage(plainText(`${fixture.id ?? document.uri.fsPath}: ${summary}`));
    return agreement;
  },

  'fixtureLab.openPanel': (s: Services) => () => {
    BenchmarkPanel.show(s);
    return true;
  },

  'fixtureLab.runBenchmark': (s: Services) => async (request?: RunRequest) => {
    BenchmarkPanel.show(s);
    return s.runner.run(request);
  },

  'fixtureLab.cancelRun': (s: Services) => () => {
    if (!s.runner.busy) throw new FixtureLabError('no run is under way');
    s.runner.cancel();
    return true;
  },

  'fixtureLab.setFailureCategory': (s: Services) => async (arg: unknown, category?: FailureCategory) => {
    const miss = missFrom(s, arg);
    category ??= (await vscode.window.showQuickPick([...FAILURE_CATEGORIES], { title: plainText(`${miss.system} missed ${miss.symbol}`), placeHolder: 'Failure category' })) as FailureCategory | undefined;
    if (!category) return false;
    await s.results.triage(miss, { category });
    return true;
  },

  'fixtureLab.confirmFailureCategory': (s: Services) => async (arg: unknown) => {
    await s.results.triage(missFrom(s, arg), { confirmed: true });
    return true;
  },

  'fixtureLab.revealMiss': (s: Services) => async (miss: MissRef) => {
    const corpus = await s.corpus.require();
    const file = corpus.fixtures.find((f) => fixtureIdOf(f) === miss.task);
    if (!file) throw new FixtureLabError(`no fixture has id ${miss.task}`);
    if ((await s.session.current())?.uri.fsPath !== file.path) await s.session.open(vscode.Uri.file(file.path));
    return vscode.commands.executeCommand('fixtureLab.revealSymbol', miss.symbol);
  },

  'fixtureLab.nextMiss': (s: Services) => async () => stepMiss(s, 1),
  'fixtureLab.previousMiss': (s: Services) => async () => stepMiss(s, -1),

  'fixtureLab.writeReport': (s: Services) => async (options?: { quiet?: boolean }) => {
    const corpus = await s.corpus.require();
    const target = vscode.Uri.file(`${corpus.dir}/labeling-report.md`);
    // As the rater may see it: a review they verify blind shows as under way, nothing more.
    await writeTextAtomic(target.fsPath, labelingReport(await loadCorpus(corpus.dir), { rater: await s.session.rater() }));
    if (!options?.quiet) await vscode.window.showTextDocument(target, { preview: true });
    return target;
  },
} satisfies Record<string, (s: Services) => Handler>;

export type CommandId = keyof typeof COMMANDS;

export function registerCommands(s: Services): void {
  for (const [id, factory] of Object.entries(COMMANDS) as [CommandId, (s: Services) => Handler][]) {
    const handler = factory(s);
    s.ctx.push(vscode.commands.registerCommand(id, async (...args: never[]) => {
      try {
        return await handler(...args);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (!(e instanceof FixtureLabError)) s.ctx.output.error(e instanceof Error ? e : message);
        void vscode.window.showErrorMessage(plainText(`Fixture Lab: ${message}`));
        return undefined;
      }
    }));
  }
}

/** The miss a triage command acts on: a hover link's key, a Triage view item, or the miss itself (tests). */
function missFrom(s: Services, arg: unknown): MissRef {
  if (isLinkRef(arg)) return s.links.misses.resolve(arg);
  const node = arg as { kind?: string; miss?: MissRef } | undefined;
  const miss = node?.kind === 'miss' ? node.miss : (arg as MissRef | undefined);
  if (typeof miss?.system !== 'string' || typeof miss.task !== 'string' || typeof miss.symbol !== 'string') throw new FixtureLabError('pick a miss in the Triage view, or hover a missed symbol');
  return miss;
}

/** Next/Previous Miss: select it in the Triage view and reveal it in code. */
async function stepMiss(s: Services, delta: 1 | -1): Promise<unknown> {
  const view = s.triageView;
  await s.triageTree.getChildren();
  const selected = view?.selection[0] as { kind?: string; miss?: Miss } | undefined;
  const next = s.triageTree.step(selected?.kind === 'miss' ? selected.miss : undefined, delta);
  if (!next) throw new FixtureLabError('no misses to step through: run systems from the Benchmark panel first');
  await view?.reveal(s.triageTree.nodeOf(next), { select: true, focus: false });
  return vscode.commands.executeCommand('fixtureLab.revealMiss', next);
}

/** The symbol a labeling command acts on: given, a Candidates item, or the definition at the cursor (with its side of the diff). */
async function symbolFrom(s: Services, arg: unknown): Promise<SymbolRef> {
  if (isLinkRef(arg)) return { symbol: s.links.symbols.resolve(arg) };
  const given = symbolOfArgument(arg);
  if (given) return { symbol: given };
  const editor = vscode.window.activeTextEditor;
  const found = editor && (await s.symbols.definitions(editor.document));
  const def = found && definitionAt(found.defs, editor.selection.active.line + 1);
  if (!def) throw new FixtureLabError('put the cursor inside a definition in a diff side or a repository file');
  return { symbol: def.symbol, ...(found.file.rev ? { rev: found.file.rev } : {}) };
}

async function fixtureDocument(s: Services, uri?: vscode.Uri): Promise<vscode.TextDocument> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document ?? (await s.session.document());
  if (!document || !/\.ya?ml$/.test(document.uri.path)) throw new FixtureLabError('open a fixture YAML file first (corpus/tasks/<repo>/<tier>/NN-slug.yaml)');
  refuseOversized(document);
  return document;
}

/** The fixture's repo module prefix (repos.yaml `module`), so names are normalized as the CLI does. */
async function moduleOf(s: Services, document: vscode.TextDocument): Promise<string | undefined> {
  const repo = readFixture(document.getText(), document.uri.fsPath).fixture.repo;
  return (await s.corpus.get())?.repos.find((r) => r.name === repo)?.module;
}
