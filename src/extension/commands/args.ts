// What each command takes: one object (never positional arguments), checked by a guard when the
// command runs, since menus, views, hover links and tests call it from outside the type system.
// The types come from the guards. A tree item, a lens or another command builds its call with
// `commandOf` / `executeCommand`, so the compiler checks the id and the object against these.
import * as vscode from 'vscode';
import { CONFIDENCES, FAILURE_CATEGORIES, MATCH_RULES, RESOLUTIONS } from '../../core';
import { anyOf, Guard, Guarded, isBoolean, isNumber, isString, listOf, oneOf, optional, record } from '../../shared/guards';
import { isLinkRef } from '../hovers/linkTargets';
import type { CommandId } from './ids';

const isUri: Guard<vscode.Uri> = (value): value is vscode.Uri => value instanceof vscode.Uri;

/** A symbol by name (a lens, a Candidates item, a test), a hover link's key, or none: the definition at the cursor. */
const symbolTarget = anyOf(isLinkRef, record({ symbol: optional(isString) }));
/** A miss by its system, task and symbol (a Triage item is one), or a hover link's key. */
const missRef = record({ system: isString, task: isString, symbol: isString });
const missTarget = anyOf(isLinkRef, record({ miss: missRef }));

/**
 * A ruling from a Settle or To judge row. `selection`: the rows selected with it in To Judge (a view
 * that selects many passes them beside the row clicked; register.ts adds them), all ruled at once.
 */
const ruling = record({
  symbol: isString, unjudged: optional(isBoolean), rationale: optional(isString),
  selection: optional(listOf(record({ symbol: isString, unjudged: optional(isBoolean) }))),
});

/** Each command's guard; undefined for a command that takes nothing (whatever a menu passes is ignored). */
export const ARGUMENTS = {
  'fixtureLab.addLabel': record({
    uri: optional(isUri), symbol: optional(isString), confidence: optional(oneOf(CONFIDENCES)), reason: optional(isString), rater: optional(isString),
  }),
  'fixtureLab.removeLabel': record({ uri: optional(isUri), symbol: optional(isString), rater: optional(isString) }),
  'fixtureLab.openFixture': record({ uri: optional(isUri) }),
  'fixtureLab.openSelectedFixture': undefined,
  'fixtureLab.saveFixtureEdits': undefined,
  'fixtureLab.openDiff': undefined,
  'fixtureLab.openCandidate': record({
    repo: isString, base: isString, head: isString, oldPath: optional(isString), newPath: optional(isString), line: optional(isNumber),
  }),
  // A reason goes with a name only: a hover link carries no text to write, so the reason is asked.
  'fixtureLab.labelHigh': anyOf(isLinkRef, record({ symbol: optional(isString), reason: optional(isString) })),
  'fixtureLab.labelMedium': anyOf(isLinkRef, record({ symbol: optional(isString), reason: optional(isString) })),
  'fixtureLab.removeSymbolLabel': symbolTarget,
  // A Candidates item's buttons: the item (its `symbol`), a reason from a test.
  'fixtureLab.labelCandidateHigh': record({ symbol: optional(isString), reason: optional(isString) }),
  'fixtureLab.labelCandidateMedium': record({ symbol: optional(isString), reason: optional(isString) }),
  'fixtureLab.removeCandidateLabel': symbolTarget,
  'fixtureLab.changeLabel': symbolTarget,
  'fixtureLab.recordDispute': record({
    symbol: optional(isString), resolution: optional(oneOf(RESOLUTIONS)), rationale: optional(isString), confidence: optional(oneOf(CONFIDENCES)),
    unjudged: optional(isBoolean),
  }),
  'fixtureLab.startReview': undefined,
  'fixtureLab.finishReview': undefined,
  'fixtureLab.settleDisagreements': record({
    symbol: optional(isString), resolution: optional(oneOf(RESOLUTIONS)), rationale: optional(isString), confidence: optional(oneOf(CONFIDENCES)),
  }),
  // A Settle or To judge row's buttons: the row (its `symbol`; a pooled one says it is `unjudged`), a rationale from a test.
  'fixtureLab.rule': ruling,
  'fixtureLab.ruleHigh': ruling,
  'fixtureLab.ruleMedium': ruling,
  'fixtureLab.ruleExcluded': ruling,
  'fixtureLab.settleShowAll': undefined,
  'fixtureLab.settleShowConflicts': undefined,
  'fixtureLab.openSelectedSymbol': undefined,
  'fixtureLab.openSelectedToJudgeSymbol': undefined,
  'fixtureLab.newFixture': undefined,
  // The corpus is made where Fixture Lab looks for one (fixtureLab.corpusPath, else the first folder).
  'fixtureLab.initCorpus': undefined,
  // A test names the repository; else both are asked.
  'fixtureLab.addRepository': record({ name: optional(isString), source: optional(isString) }),
  // From a lens on a fixture's YAML, `fixture` names that fixture, whichever is current. `column`:
  // the editor group it opens in (the panel's page opens symbols in a group beside the panel, never
  // over it); else the active group.
  'fixtureLab.revealSymbol': record({ symbol: isString, fixture: optional(isUri), column: optional(isNumber) }),
  'fixtureLab.filterFixtures': undefined,
  'fixtureLab.clearFilter': undefined,
  'fixtureLab.refresh': undefined,
  'fixtureLab.validateCorpus': undefined,
  'fixtureLab.showAgreement': record({ uri: optional(isUri) }),
  'fixtureLab.writeReport': record({ quiet: optional(isBoolean) }),
  'fixtureLab.openPanel': undefined,
  'fixtureLab.runBenchmark': record({ systems: optional(listOf(isString)), budget: optional(isNumber), match: optional(oneOf(MATCH_RULES)) }),
  'fixtureLab.cancelRun': undefined,
  // A run folder's name under the results folder (the panel's Pool); none: pick one.
  'fixtureLab.poolRun': record({ run: optional(isString) }),
  'fixtureLab.setFailureCategory': anyOf(isLinkRef, record({ miss: missRef, category: optional(oneOf(FAILURE_CATEGORIES)) })),
  'fixtureLab.confirmFailureCategory': missTarget,
  'fixtureLab.revealMiss': record({ miss: missRef }),
  'fixtureLab.nextMiss': undefined,
  'fixtureLab.previousMiss': undefined,
  // The fixture whose revision was edited; else the active fixture document.
  'fixtureLab.showRelocation': record({ uri: optional(isUri) }),
  'fixtureLab.applyRelocation': record({ uri: optional(isUri) }),
} as const satisfies Record<CommandId, Guard<unknown> | undefined>;

/** The object each command takes; `void` where it takes none. */
export type CommandArgs = { [K in CommandId]: (typeof ARGUMENTS)[K] extends Guard<unknown> ? Guarded<(typeof ARGUMENTS)[K]> : void };

/** `T`, checked to be an argument command `K` takes (a tree item VS Code passes to its inline actions). */
export type TakenBy<K extends CommandId, T extends CommandArgs[K]> = T;

type Call<K extends CommandId> = CommandArgs[K] extends void ? [] : [args: CommandArgs[K]];

/** Runs one of our commands, the id and its object checked by the compiler. */
export function executeCommand<K extends CommandId>(id: K, ...args: Call<K>): Thenable<unknown> {
  return vscode.commands.executeCommand(id, ...args);
}

/** A tree item's or a lens's command, the id and its object checked by the compiler. */
export function commandOf<K extends CommandId>(id: K, title: string, ...args: Call<K>): vscode.Command {
  return { command: id, title, arguments: args };
}
