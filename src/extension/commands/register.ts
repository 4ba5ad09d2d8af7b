// Every command, from the area files, registered in one loop with one error path: the argument
// is checked by the command's guard (args.ts) before its handler sees it, and a FixtureLabError
// becomes a one-line notification (anything else is logged too; Ctx.showError). Text shown goes through plainText.
import * as vscode from 'vscode';
import { FixtureLabError } from '../../core';
import type { Services } from '../services';
import { ARGUMENTS } from './args';
import { CORPUS_COMMANDS } from './corpus';
import type { Handler, Handlers } from './handler';
import { HARNESS_COMMANDS } from './harness';
import { COMMAND_IDS, CommandId } from './ids';
import { LABELING_COMMANDS } from './labeling';
import { REVIEW_COMMANDS } from './review';
import { SETTLE_COMMANDS } from './settle';
import { TRIAGE_COMMANDS } from './triage';

const HANDLERS: Handlers = { ...LABELING_COMMANDS, ...REVIEW_COMMANDS, ...SETTLE_COMMANDS, ...HARNESS_COMMANDS, ...TRIAGE_COMMANDS, ...CORPUS_COMMANDS };

/** What a command says when called without the argument it needs, or with one it does not take. */
const REFUSED: Partial<Record<CommandId, string>> = {
  'fixtureLab.setFailureCategory': 'pick a miss in the Triage view, or hover a missed symbol',
  'fixtureLab.confirmFailureCategory': 'pick a miss in the Triage view, or hover a missed symbol',
  'fixtureLab.rule': 'pick a row in the Settle view',
  'fixtureLab.ruleHigh': 'pick a row in the Settle or To judge view',
  'fixtureLab.ruleMedium': 'pick a row in the Settle or To judge view',
  'fixtureLab.ruleExcluded': 'pick a row in the Settle or To judge view',
};

export function registerCommands(s: Services): void {
  for (const id of COMMAND_IDS) {
    // One id at a time: its guard has checked the argument its handler gets.
    const handler = HANDLERS[id] as Handler<CommandId>;
    const guard = ARGUMENTS[id] as ((value: unknown) => boolean) | undefined;
    s.ctx.push(vscode.commands.registerCommand(id, async (arg?: unknown, selected?: unknown) => {
      try {
        // A menu, a key or the palette passes nothing: a command with options then takes none of them.
        // A row's action in a view that selects many (To Judge) also gets the rows selected with it.
        const many = Array.isArray(selected) && selected.length > 1 && typeof arg === 'object' && arg !== null;
        const args = guard ? (many ? { ...arg, selection: selected } : arg ?? {}) : undefined;
        if (guard && !guard(args)) throw new FixtureLabError(REFUSED[id] ?? `${id} was given an argument it does not take`);
        return await handler(s, args);
      } catch (e) {
        s.ctx.showError(e);
        return undefined;
      }
    }));
  }
}
