// The core's fixture edits as the older tests chain them: the new text, or the edit's problem
// thrown as the FixtureLabError a front end shows (core's textOf), so `assert.throws(..., /message/)`
// reads the same message. Tests of the result itself (its code) call the core's functions.
import * as core from '../../src/core';
import { Agreement, Edited, textOf } from '../../src/core';

const text = <A extends unknown[]>(edit: (...args: A) => Edited) => (...args: A): string => textOf(edit(...args));

export const addLabel = text(core.addLabel);
export const removeLabel = text(core.removeLabel);
export const addDispute = text(core.addDispute);
export const addCandidate = text(core.addCandidate);
export const addPooled = text(core.addPooled);
export const setField = text(core.setField);
export const freezeLabels = text(core.freezeLabels);
export const labelAs = text(core.labelAs);
export const unlabelAs = text(core.unlabelAs);
export const startReview = text(core.startReview);
export const settleDispute = text(core.settleDispute);

export function finishReview(...args: Parameters<typeof core.finishReview>): { text: string; agreement: Agreement } {
  const finished = core.finishReview(...args);
  textOf(finished);
  return finished as { text: string; agreement: Agreement };
}

/** core's editKeepingLineEndings over an edit that returns text. */
export function editKeepingLineEndings(text: string, edit: (lfText: string) => string): string {
  return textOf(core.editKeepingLineEndings(text, (lf) => core.edited(edit(lf))));
}
