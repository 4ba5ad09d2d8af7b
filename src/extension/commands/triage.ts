// The triage commands: set or confirm a miss's failure category (from a hover link or a Triage
// item), reveal a miss in code, and step through the misses in the Triage view's order.
import * as vscode from 'vscode';
import { FAILURE_CATEGORIES, FailureCategory, fixtureIdOf, FixtureLabError, plainText } from '../../core';
import { isLinkRef, LinkRef } from '../hovers/linkTargets';
import type { Services } from '../services';
import type { MissRef } from '../triage/hover';
import { executeCommand } from './args';
import type { SomeHandlers } from './handler';

export const TRIAGE_COMMANDS = {
  'fixtureLab.setFailureCategory': async (s, args) => {
    const miss = missFrom(s, args);
    const ask = { title: plainText(`${miss.system} missed ${miss.symbol}`), placeHolder: 'Failure category' };
    const category = (isLinkRef(args) ? undefined : args.category)
      ?? ((await vscode.window.showQuickPick([...FAILURE_CATEGORIES], ask)) as FailureCategory | undefined);
    if (!category) return false;
    await s.results.triage(miss, { category });
    return true;
  },

  'fixtureLab.confirmFailureCategory': async (s, args) => {
    await s.results.triage(missFrom(s, args), { confirmed: true });
    return true;
  },

  'fixtureLab.revealMiss': async (s, { miss }) => {
    const corpus = await s.corpus.require();
    const file = corpus.fixtures.find((f) => fixtureIdOf(f) === miss.task);
    if (!file) throw new FixtureLabError(`no fixture has id ${miss.task}`);
    if ((await s.session.current())?.uri.fsPath !== file.path) await s.session.open(vscode.Uri.file(file.path));
    return executeCommand('fixtureLab.revealSymbol', { symbol: miss.symbol });
  },

  'fixtureLab.nextMiss': async (s) => stepMiss(s, 1),
  'fixtureLab.previousMiss': async (s) => stepMiss(s, -1),
} satisfies SomeHandlers;

/** The miss a triage command acts on: a hover link's key, else the miss it names (a Triage item is one). */
function missFrom(s: Services, arg: LinkRef | { miss: MissRef }): MissRef {
  return isLinkRef(arg) ? s.links.misses.resolve(arg) : arg.miss;
}

/** Next/Previous Miss: select it in the Triage view and reveal it in code. */
async function stepMiss(s: Services, delta: 1 | -1): Promise<unknown> {
  const view = s.triageView;
  await s.triageTree.getChildren();
  const selected = view?.selection[0];
  const next = s.triageTree.step(selected?.kind === 'miss' ? selected.miss : undefined, delta);
  if (!next) throw new FixtureLabError('no misses to step through: run systems from the Benchmark panel first');
  await view?.reveal(s.triageTree.nodeOf(next), { select: true, focus: false });
  return executeCommand('fixtureLab.revealMiss', { miss: next });
}
