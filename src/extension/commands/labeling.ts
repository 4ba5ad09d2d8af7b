// The labeling commands: add and remove labels in a fixture's YAML, label the symbol a lens, a
// Candidates item, a hover link or the cursor names, open the change and reveal a symbol in it.
// Text from fixtures and repositories reaches notifications and quick inputs only through
// plainText, and a hover link's argument only as a key (LinkRef) the command looks up.
import * as vscode from 'vscode';
import {
  clickTarget, CONFIDENCES, Confidence, definitionAt, definitionOf, FixtureLabError, labelAs, normalizeSymbol, plainText, readFixture, unlabelAs,
} from '../../core';
import { openFileDiff, openFixtureDiff } from '../diff/openDiff';
import { revisionUri } from '../diff/revisions';
import { isLinkRef, LinkRef } from '../hovers/linkTargets';
import { applyLabelEdit, saveFixtureEdits } from '../labeling/unsaved';
import { confirmRemoval } from '../hovers/symbolHover';
import { openSelectedFixture } from '../views/fixturesTree';
import type { SymbolRef } from '../labeling/label';
import type { Services } from '../services';
import { fixtureDocument, moduleOf } from './documents';
import type { SomeHandlers } from './handler';

export const LABELING_COMMANDS = {
  'fixtureLab.addLabel': async (s, { uri, symbol, confidence, reason, rater }) => {
    const document = await fixtureDocument(s, uri);
    const module = await moduleOf(s, document);
    symbol ??= await vscode.window.showInputBox({ prompt: 'Qualified symbol name', placeHolder: 'pkg/file.Type.method' });
    if (!symbol) return false;
    confidence ??= (await vscode.window.showQuickPick([...CONFIDENCES], { placeHolder: plainText(`Confidence for ${symbol}`) })) as Confidence | undefined;
    if (!confidence) return false;
    reason ??= await vscode.window.showInputBox({ prompt: plainText(`Why does the task need ${symbol}?`) });
    if (reason === undefined) return false;
    const { fixture } = readFixture(document.getText(), document.uri.fsPath);
    const named = (await s.corpus.namesAtBase(fixture))(await s.corpus.canonicalName(fixture, symbol, module));
    if ('refused' in named) throw new FixtureLabError(named.refused);
    const made = await s.corpus.provenance(readFixture(document.getText(), document.uri.fsPath).fixture, named.symbol);
    const label = { symbol: named.symbol, confidence, reason, ...made };
    // `rater` says who labels (a role), as the CLI's --rater; by default the rater setting.
    const as = rater ?? (await s.session.rater());
    const done = await applyLabelEdit(s.ctx, document, (text) => labelAs(text, as, label));
    const unresolved = await s.corpus.symbolWarning(readFixture(document.getText(), document.uri.fsPath).fixture, label.symbol);
    if (unresolved) void vscode.window.showWarningMessage(plainText(`Fixture Lab: ${label.symbol}: ${unresolved}`));
    return done;
  },

  'fixtureLab.removeLabel': async (s, { uri, symbol, rater }) => {
    const document = await fixtureDocument(s, uri);
    const { fixture } = readFixture(document.getText(), document.uri.fsPath);
    const as = rater ?? (await s.session.rater());
    const target = clickTarget(fixture, as);
    if ('refused' in target) throw new FixtureLabError(target.refused);
    const list = target.rater ? fixture.labels[target.rater] ?? [] : fixture.ground_truth;
    const choices = list.map((l) => ({ label: plainText(l.symbol), symbol: l.symbol }));
    const picked = symbol ?? (await vscode.window.showQuickPick(choices, { placeHolder: 'Remove which label?' }))?.symbol;
    if (!picked) return false;
    return applyLabelEdit(s.ctx, document, (text) => unlabelAs(text, as, picked));
  },

  'fixtureLab.showRelocation': async (s, { uri }) => {
    await s.relocations.show((await fixtureDocument(s, uri)).uri);
    return true;
  },
  'fixtureLab.applyRelocation': async (s, { uri }) => s.relocations.apply((await fixtureDocument(s, uri)).uri),

  'fixtureLab.openDiff': async (s) => openFixtureDiff(s.corpus, await s.labeler.requireCurrent()),

  'fixtureLab.openCandidate': (_s, { repo, base, head, oldPath, newPath, line }) => openFileDiff(repo, base, head, oldPath, newPath, line),

  // From a hover link (a LinkRef) the reason is always asked: a link carries no text to write.
  'fixtureLab.labelHigh': async (s, args) => s.labeler.label(await symbolFrom(s, args), 'HIGH', isLinkRef(args) ? undefined : args.reason),
  'fixtureLab.labelMedium': async (s, args) => s.labeler.label(await symbolFrom(s, args), 'MEDIUM', isLinkRef(args) ? undefined : args.reason),
  'fixtureLab.removeSymbolLabel': async (s, args) => {
    const ref = await symbolFrom(s, args);
    return isLinkRef(args) && !(await confirmRemoval(s.ctx, s.results, ref.symbol)) ? false : s.labeler.unlabel(ref);
  },
  'fixtureLab.labelCandidateHigh': async (s, args) => s.labeler.label(await symbolFrom(s, args), 'HIGH', args.reason),
  'fixtureLab.labelCandidateMedium': async (s, args) => s.labeler.label(await symbolFrom(s, args), 'MEDIUM', args.reason),
  'fixtureLab.removeCandidateLabel': async (s, args) => s.labeler.unlabel(await symbolFrom(s, args)),
  'fixtureLab.openSelectedFixture': async (s) => openSelectedFixture(s.fixturesTree),
  'fixtureLab.saveFixtureEdits': async (s) => saveFixtureEdits(s.session),

  'fixtureLab.changeLabel': async (s, args) => {
    const symbol = await symbolFrom(s, args);
    const pick = await vscode.window.showQuickPick(['HIGH', 'MEDIUM', 'Remove label'], { title: plainText(symbol.symbol) });
    if (!pick) return false;
    return pick === 'Remove label' ? s.labeler.unlabel(symbol) : s.labeler.label(symbol, pick as Confidence);
  },

  'fixtureLab.revealSymbol': async (s, { symbol, fixture, column }) => {
    if (fixture && (await s.session.current())?.uri.toString() !== fixture.toString()) await s.session.open(fixture);
    const c = await s.labeler.requireCurrent();
    const rev = c.fixture.diff?.base ?? c.fixture.commit;
    if (!c.fixture.repo || !rev) throw new FixtureLabError('the fixture names no repo and revision');
    const def = await definitionOf(await s.corpus.repository(c.fixture.repo), rev, normalizeSymbol(symbol, c));
    if (!def) throw new FixtureLabError(`\`${symbol}\` is not defined at ${rev.slice(0, 12)}: check the name`);
    const line = def.nameLine - 1;
    const selection = new vscode.Range(line, def.nameColumn, line, def.nameColumn + def.name.length);
    const viewColumn = column as vscode.ViewColumn | undefined;
    const where = { selection, ...(viewColumn !== undefined ? { viewColumn } : {}) };
    await vscode.window.showTextDocument(revisionUri({ repo: c.fixture.repo, rev, path: def.file }), where);
    return def.file;
  },
} satisfies SomeHandlers;

/** The symbol a labeling command acts on: named, a hover link's key, or the definition at the cursor (with its side of the diff). */
async function symbolFrom(s: Services, arg: LinkRef | { symbol?: string }): Promise<SymbolRef> {
  if (isLinkRef(arg)) return { symbol: s.links.symbols.resolve(arg) };
  if (arg.symbol) return { symbol: arg.symbol };
  const editor = vscode.window.activeTextEditor;
  const found = editor && (await s.symbols.definitions(editor.document));
  const def = found && definitionAt(found.defs, editor.selection.active.line + 1);
  if (!def) throw new FixtureLabError('put the cursor inside a definition in a diff side or a repository file');
  return { symbol: def.symbol, ...(found.file.rev ? { rev: found.file.rev } : {}) };
}
