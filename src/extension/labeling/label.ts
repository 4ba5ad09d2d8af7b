// Labeling a symbol from anywhere (CodeLens, hover, Candidates tree, the cursor): the qualified
// name comes from the core, named at base (a moved file's old name; refused for what the change
// adds, which no system can retrieve at base), the reason from a quick input offering the
// corpus's reasons, the list from the rater's role (ground_truth, or labels[verifier] in a blind
// review), and the edit is one WorkspaceEdit on the fixture's document. Guardrails, and a symbol
// the code at the fixture's revision does not define, are shown, not enforced.
import * as vscode from 'vscode';
import { clickTarget, Confidence, FixtureLabError, fixtureView, guardrailsFor, labelAs, plainText, reasonChoices, reasonKey, ReferenceGraph,
  symbolKey, unlabelAs, visibleLabelOf } from '../../core';
import { Ctx } from '../ctx';
import { applyLabelEdit } from './unsaved';
import type { Current, Session } from './session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';

/** A symbol as a surface gives it: its name, and the revision it was read at (a side of the diff), when known. */
export interface SymbolRef {
  symbol: string;
  rev?: string;
}

export class Labeler {
  /** Per change: its changed symbols at base and the reference graph there, for the distance guardrail. */
  private readonly distances = new Map<string, Promise<((symbol: string) => number | undefined) | undefined>>();

  constructor(private readonly ctx: Ctx, private readonly session: Session, private readonly corpus: WorkspaceCorpus) {}

  async requireCurrent(): Promise<Current> {
    const current = await this.session.current();
    if (!current) throw new FixtureLabError('open a fixture first (Fixture Lab: Open Fixture, or the Fixtures view)');
    return current;
  }

  /** The name a label of `ref` takes: normalized and named at base; refused for a symbol the change adds. */
  async nameAtBase(current: Current, ref: SymbolRef | string): Promise<string> {
    const { symbol, rev } = typeof ref === 'string' ? { symbol: ref, rev: undefined } : ref;
    const named = (await this.corpus.namesAtBase(current.fixture, rev))(await this.corpus.canonicalName(current.fixture, symbol, current.module));
    if ('refused' in named) throw new FixtureLabError(named.refused);
    return named.symbol;
  }

  /** Add or change a label; `reason` skips the quick input (tests, and callers that know it). */
  async label(ref: SymbolRef | string, confidence: Confidence, reason?: string): Promise<boolean> {
    const current = await this.requireCurrent();
    const target = clickTarget(current.fixture, current.rater);
    if ('refused' in target) throw new FixtureLabError(target.refused);
    const symbol = await this.nameAtBase(current, ref);
    const existing = visibleLabelOf(current.fixture, current.rater, current)(symbol);
    reason ??= await this.askReason(current, symbol, confidence, existing?.reason);
    if (reason === undefined) return false;
    const document = (await this.session.document())!;
    const made = await this.corpus.provenance(current.fixture, symbol);
    const ok = await applyLabelEdit(this.ctx, document, (text) => labelAs(text, current.rater, { symbol, confidence, reason, ...made }));
    const list = target.rater ? current.fixture.labels[target.rater] ?? [] : current.fixture.ground_truth;
    const warnings = guardrailsFor(current.fixture, symbol, list.length, await this.hopsFromChange(current, symbol), current).map((w) => w.message);
    const unresolved = await this.corpus.symbolWarning(current.fixture, symbol);
    if (unresolved) warnings.push(unresolved);
    if (warnings.length) void vscode.window.showWarningMessage(plainText(`Fixture Lab: ${symbol}: ${warnings.join('; ')}`));
    this.ctx.output.info(`label ${symbol} ${confidence} -> ${target.rater ? `labels.${target.rater}` : 'ground_truth'} of ${current.fixture.id}`);
    return ok;
  }

  async unlabel(ref: SymbolRef | string): Promise<boolean> {
    const current = await this.requireCurrent();
    const target = clickTarget(current.fixture, current.rater);
    if ('refused' in target) throw new FixtureLabError(target.refused);
    const symbol = await this.nameAtBase(current, ref);
    const document = (await this.session.document())!;
    return applyLabelEdit(this.ctx, document, (text) => unlabelAs(text, current.rater, symbol));
  }

  /** How far `symbol` is from the fixture's changed code; undefined when unknown or a candidate. */
  private async hopsFromChange(c: Current, symbol: string): Promise<number | undefined> {
    const f = c.fixture;
    if (!f.diff || !f.repo || f.candidates.some((s) => symbolKey(s, c) === symbolKey(symbol, c))) return undefined;
    const key = `${f.repo}@${f.diff.base}..${f.diff.head}`;
    let distance = this.distances.get(key);
    if (!distance) {
      distance = (async () => {
        const repo = await this.corpus.repository(f.repo!);
        const [graph, change] = await Promise.all([ReferenceGraph.build(repo, f.diff!.base), this.corpus.candidates(f.repo!, f.diff!.base, f.diff!.head)]);
        const starts = change.changed.filter((s) => s.change !== 'added').map((s) => s.baseSymbol ?? s.symbol);
        return graph && ((target: string) => graph.hopsFrom(starts, target) ?? Infinity);
      })().catch(() => undefined);
      this.distances.set(key, distance);
    }
    return (await distance)?.(symbol);
  }

  /**
   * The reason, picked or typed; undefined when cancelled. Offered: the corpus's most used short
   * reasons, then this fixture's own (core reasonChoices), all as the rater may see them; typing
   * adds the typed text as a new reason. Reasons are other fixtures' text: shown through
   * plainText, each item keeps the reason as written.
   */
  private async askReason(current: Current, symbol: string, confidence: Confidence, previous?: string): Promise<string | undefined> {
    const corpus = await this.corpus.get();
    const seen = (corpus?.fixtures ?? []).map((f) => fixtureView(f.read.fixture, current.rater, current).fixture);
    const { common, own } = reasonChoices(seen, current.view.fixture);
    type Item = vscode.QuickPickItem & { reason?: string };
    const section = (label: string, reasons: string[]): Item[] =>
      (reasons.length ? [{ label, kind: vscode.QuickPickItemKind.Separator }, ...reasons.map((reason) => ({ label: plainText(reason), reason }))] : []);
    const items = [...section('most used', common), ...section('this fixture', own)];
    const known = new Set([...common, ...own].map(reasonKey));
    const pick = vscode.window.createQuickPick<Item>();
    pick.title = plainText(`${confidence}: ${symbol}`);
    pick.placeholder = 'Why does the task need this symbol? Type a reason, or reuse one';
    // Typed text comes first, so Enter writes what was typed; picking a listed reason takes a click or the arrows.
    const typed = (value: string): Item[] =>
      (value.trim() && !known.has(reasonKey(value)) ? [{ label: plainText(value), description: 'new reason', reason: value }] : []);
    pick.onDidChangeValue((value) => {
      pick.items = [...typed(value), ...items];
    });
    pick.value = previous ?? '';
    pick.items = [...typed(pick.value), ...items];
    return new Promise((resolve) => {
      pick.onDidAccept(() => {
        const value = (pick.selectedItems[0]?.reason ?? pick.value).trim();
        if (value) {
          resolve(value);
          pick.hide();
        }
      });
      pick.onDidHide(() => {
        resolve(undefined);
        pick.dispose();
      });
      pick.show();
    });
  }
}
