// Blind drafts (the editor's fixtureLab.blindDrafts, the CLI's `review start --blind-drafts`), for
// teams whose verifier can read the fixture file (a shared checkout, a pushed branch): starting the
// review moves the labeler's draft (`ground_truth` and `labels[labeler]`) out of the file, and
// finishing it brings the draft back before kappa is measured and ground_truth derived. Meanwhile
// it waits beside the corpus in `.fixture-lab/blind/` (a `.gitignore` of `*` keeps it out of git),
// one JSON file per fixture holding the two pieces of text as they were, so finishing puts back the
// same bytes a review without blind drafts leaves.
import { existsSync, promises as fs } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { Node, YAMLMap } from 'yaml';
import { writeTextAtomic } from '../io/files';
import { FixtureLabError } from '../problems';
import { contentEnd, isMap, isSeq, lineEnd, lineStart, pairOf, parseYaml } from '../yamlText';
import { readFixture } from '../fixtures/read';
import type { Fixture } from '../fixtures/model';
import { reviewStarted } from './state';

export const BLIND_DRAFT_FORMAT = 1;

/** The labeler's draft, kept out of the fixture file during its review. */
export interface KeptDraft {
  format: typeof BLIND_DRAFT_FORMAT;
  /** The fixture, relative to the corpus (for whoever finds the file). */
  fixture: string;
  labeler: string;
  /** The text of `ground_truth`'s value, from just after its colon (comments inside kept). */
  ground_truth: string;
  /** The lines of `labels.<labeler>:` and its list; the position of that key among labels' keys, and how many comment lines stood above it. */
  labels: string;
  at: number;
  below: number;
}

/** Is the labeler's draft out of the file (a review under way with no list of theirs and no ground truth)? */
export function isDraftAside(f: Fixture): boolean {
  return reviewStarted(f) && f.agreement === undefined && !!f.labeler && !f.labels[f.labeler] && f.ground_truth.length === 0;
}

/** The text without the labeler's draft (`ground_truth: []`, no labels[labeler]), and the draft. */
export function hideDraft(text: string): { text: string; draft: Omit<KeptDraft, 'format' | 'fixture'> } {
  const { root, f } = parsed(text);
  if (!reviewStarted(f) || !f.labeler || !f.labels[f.labeler]) throw new FixtureLabError('only a started review has a frozen draft to keep aside');
  const gt = valueSpan(text, root, 'ground_truth');
  const labels = pairOf(root, 'labels')!.value as YAMLMap;
  const at = labels.items.findIndex((p) => String((p.key as { value?: unknown }).value) === f.labeler);
  const pair = labels.items[at];
  const from = lineStart(text, (pair.key as Node).range![0]);
  const to = lineEnd(text, contentEnd(pair));
  const below = lineCount(text.slice(anchorOf(text, root, labels, at), from));
  // Labels first: it comes after ground_truth, so ground_truth's offsets still hold.
  let out = text.slice(0, from) + text.slice(to);
  out = out.slice(0, gt.start) + ' []' + out.slice(gt.end);
  return { text: out, draft: { labeler: f.labeler, ground_truth: text.slice(gt.start, gt.end), labels: text.slice(from, to), at, below } };
}

/** The text with the kept draft back in place: the inverse of hideDraft. */
export function restoreDraft(text: string, draft: Pick<KeptDraft, 'labeler' | 'ground_truth' | 'labels' | 'at' | 'below'>): string {
  const { root, f } = parsed(text);
  if (f.labeler !== draft.labeler) throw new FixtureLabError(
    `the kept draft is ${draft.labeler}'s, but the fixture's labeler is ${f.labeler ?? 'not recorded'}`);
  if (f.labels[draft.labeler]) throw new FixtureLabError(`labels.${draft.labeler} is in the file already: remove the kept draft (it is stale) or that list`);
  if (f.ground_truth.length > 0) throw new FixtureLabError(
    'ground_truth was edited while the draft was kept aside: empty it (`ground_truth: []`) so the draft can come back');
  const labels = pairOf(root, 'labels')?.value;
  if (!isMap(labels) || labels.flow || labels.items.length === 0) throw new FixtureLabError(
    'the fixture has no labels block to put the labeler\'s list back into');
  const gt = valueSpan(text, root, 'ground_truth');
  let insertAt = anchorOf(text, root, labels, Math.min(draft.at, labels.items.length));
  for (let i = 0; i < draft.below && insertAt < text.length; i++) insertAt = lineEnd(text, insertAt);
  const prefix = insertAt === text.length && !text.endsWith('\n') ? '\n' : '';
  const out = text.slice(0, insertAt) + prefix + draft.labels + text.slice(insertAt);
  return out.slice(0, gt.start) + draft.ground_truth + out.slice(gt.end);
}

/** Where a fixture's draft is kept: `.fixture-lab/blind/<path in the corpus>.json`. */
export function keptDraftPath(fixturePath: string): { corpusDir: string; file: string } {
  const corpusDir = corpusDirOf(fixturePath);
  return { corpusDir, file: join(corpusDir, '.fixture-lab', 'blind', `${relative(corpusDir, fixturePath)}.json`) };
}

/** Keep `draft` aside for the fixture at `fixturePath` (written before the file loses it). */
export async function keepDraft(fixturePath: string, draft: Omit<KeptDraft, 'format' | 'fixture'>): Promise<string> {
  const { corpusDir, file } = keptDraftPath(fixturePath);
  const folder = join(corpusDir, '.fixture-lab', 'blind');
  await fs.mkdir(dirname(file), { recursive: true });
  await fs.writeFile(join(folder, '.gitignore'),
    '# Labelers\' drafts kept out of fixtures during blind reviews (fixtureLab.blindDrafts): never commit them.\n*\n', { flag: 'wx' }).catch(() => undefined);
  const kept: KeptDraft = { format: BLIND_DRAFT_FORMAT, fixture: relative(corpusDir, fixturePath).split(sep).join('/'), ...draft };
  await writeTextAtomic(file, JSON.stringify(kept, null, 2) + '\n');
  return file;
}

/** The draft kept aside for this fixture, if any. */
export async function keptDraft(fixturePath: string): Promise<KeptDraft | undefined> {
  const { file } = keptDraftPath(fixturePath);
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const kept = JSON.parse(raw) as KeptDraft;
    if (kept.format !== BLIND_DRAFT_FORMAT || typeof kept.labels !== 'string' || typeof kept.ground_truth !== 'string'
      || typeof kept.at !== 'number' || typeof kept.below !== 'number') throw new Error('format');
    return kept;
  } catch {
    throw new FixtureLabError(`the kept draft ${file} is not one this version reads: restore the labeler's list from it by hand`);
  }
}

export async function dropKeptDraft(fixturePath: string): Promise<void> {
  await fs.rm(keptDraftPath(fixturePath).file, { force: true });
}

/** What to say when a review's draft is aside and not found here. */
export function draftAsideMessage(f: Fixture): string {
  return `${f.labeler}'s draft of ${f.id ?? 'this fixture'} is kept out of the file (blind drafts), and not in this corpus's `
    + `.fixture-lab/blind/: finish the review where the review was started`;
}

/** The corpus a fixture belongs to: the nearest folder above it holding repos.yaml (else tasks/'s parent, else its own folder). */
function corpusDirOf(fixturePath: string): string {
  for (let dir = dirname(fixturePath); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'repos.yaml'))) return dir;
  }
  const tasks = fixturePath.lastIndexOf(`${sep}tasks${sep}`);
  return tasks > 0 ? fixturePath.slice(0, tasks) : dirname(fixturePath);
}

function parsed(text: string): { root: YAMLMap; f: Fixture } {
  const read = readFixture(text, '');
  const { doc } = parseYaml(text);
  if (!read.parsed || !isMap(doc.contents)) throw new FixtureLabError('the fixture does not parse: fix its YAML first');
  return { root: doc.contents, f: read.fixture };
}

/** Where the text of labels' item `at` may begin: after the item before it, or after `labels:`. */
function anchorOf(text: string, root: YAMLMap, labels: YAMLMap, at: number): number {
  if (at > 0) return lineEnd(text, contentEnd(labels.items[at - 1]));
  const key = pairOf(root, 'labels')!.key;
  return lineEnd(text, key.range![1]);
}

function lineCount(text: string): number {
  return text.split('\n').length - 1;
}

/** The span of `key`'s value: from just after its colon to the end of its content. */
function valueSpan(text: string, root: YAMLMap, key: string): { start: number; end: number } {
  const pair = pairOf(root, key);
  if (!pair) throw new FixtureLabError(`the fixture has no \`${key}\``);
  const start = text.indexOf(':', (pair.key).range![1]) + 1;
  const value = pair.value;
  const end = value?.range ? (isSeq(value) && !value.flow ? contentEnd(value) : value.range[1]) : start;
  return { start, end: Math.max(start, end) };
}
