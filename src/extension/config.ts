// Typed getters over the `fixtureLab.*` settings (package.json contributes.configuration).
import * as vscode from 'vscode';
import { TESTS_POLICIES, TestsPolicy } from '../core';

export class Config {
  private get section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration('fixtureLab');
  }

  /** The corpus folder (holding repos.yaml and tasks/), relative to the first workspace folder; empty = find it. */
  get corpusPath(): string {
    return this.section.get<string>('corpusPath', '');
  }

  /** The rater's name; empty = git's user.name. */
  get raterName(): string {
    return this.section.get<string>('raterName', '');
  }

  /** Start Review keeps the labeler's draft out of the file until Finish Review (.fixture-lab/blind/). */
  get blindDrafts(): boolean {
    return this.section.get<boolean>('blindDrafts', false);
  }

  /** Save the fixture after each label (off: labels stay unsaved in its document until saved). */
  get saveAfterLabel(): boolean {
    return this.section.get<boolean>('saveAfterLabel', false);
  }

  /** Local checkouts by repo name, overriding repos.yaml `path`. */
  get repositoryPaths(): Record<string, string> {
    return this.section.get<Record<string, string>>('repositoryPaths', {});
  }

  /** Where runs are written and read: a folder relative to the first workspace folder (or absolute). */
  get resultsPath(): string {
    return this.section.get<string>('resultsPath', 'results') || 'results';
  }

  /** Where test code goes in a change's candidates: after every non-test (default), mixed in, or left out. */
  get candidateTests(): TestsPolicy {
    const value = this.section.get<string>('candidateTests', 'after');
    return (TESTS_POLICIES as readonly string[]).includes(value) ? (value as TestsPolicy) : 'after';
  }
}
