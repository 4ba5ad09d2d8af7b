// A new fixture from a change: the next free NN-slug.yaml under tasks/<repo>/<tier>/ and its text,
// valid from the start, with the change's default candidates (docs/fixture-format.md#default-candidates) and an empty ground truth.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { TIERS } from '../fixtures/model';
import { FixtureLabError } from '../problems';

/** Where a fixture's task comes from (the fixture's `source`: docs/fixture-format.md#a-fixture). */
export type FixtureSource = 'manual' | 'swe-bench' | 'synthetic';

export interface NewFixture {
  repo: string;
  tier: (typeof TIERS)[number];
  task: string;
  base: string;
  head: string;
  candidates: string[];
  labeler?: string;
  source?: FixtureSource;
  sourceRef?: string;
  tags?: string[];
  /** The change's title, kept in a comment above a stub task (it may name the solution, so it is never the task). */
  title?: string;
}

/** `Add bulk discount!` -> `add-bulk-discount`, at most six words. */
export function slugOf(task: string): string {
  return task.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean).slice(0, 6).join('-') || 'task';
}

/** The path and id of the next fixture in a tier folder: numbers continue from the highest there. */
export function nextFixture(tasksDir: string, repo: string, tier: string, task: string): { path: string; id: string } {
  if (!(TIERS as readonly string[]).includes(tier)) throw new FixtureLabError(`tier \`${tier}\` must be ${TIERS.join(', ')}`);
  const dir = join(tasksDir, repo, tier);
  const taken = existsSync(dir) ? readdirSync(dir).map((n) => Number(/^(\d+)-/.exec(n)?.[1] ?? 0)) : [];
  const n = String(Math.max(0, ...taken) + 1).padStart(2, '0');
  return { path: join(dir, `${n}-${slugOf(task)}.yaml`), id: `${repo}-${tier}-${n}` };
}

export function newFixtureText(id: string, f: NewFixture): string {
  const doc = {
    id,
    repo: f.repo,
    source: f.source ?? 'manual',
    ...(f.sourceRef ? { source_ref: f.sourceRef } : {}),
    difficulty: f.tier,
    diff: { base: f.base, head: f.head },
    task: f.task,
    candidates: f.candidates,
    ground_truth: [],
    ...(f.labeler ? { labeler: f.labeler } : {}),
    ...(f.tags?.length ? { tags: f.tags } : {}),
  };
  // Strings double-quoted, as the corpus writes them, so a SHA of digits stays a string.
  const text = stringify(doc, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 });
  if (!f.title) return text;
  // One comment line, whatever the title holds (line breaks and control characters become spaces).
  const title = f.title.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return text.replace(/^task: /m, `# The change's title, which may name the symbols that solve it: ${title}\ntask: `);
}
