// Every problem in a corpus: each fixture's own (fixtures/read.ts) plus the checks that need the
// whole corpus (repos.yaml, ids, tier folders) or the protocol's rules (the 15-symbol cap).
import { duplicateEntries, duplicateMessage } from '../fixtures/duplicates';
import { isSafePathComponent, safeNameLike, SAFE_NAME_RULE } from '../io/pathComponent';
import { GROUND_TRUTH_CAP, TIERS } from '../fixtures/model';
import { Problem, ProblemCode, Severity } from '../problems';
import { groundTruthMismatches, isDerived, rulingsOf } from '../labeling/groundTruth';
import { NormalizeOptions, symbolKey } from '../symbols/normalize';
import { isDraftAside } from '../labeling/blindDrafts';
import { sidedWith, SIDES } from '../agreement/raters';
import { includedByARater, isJudged, reviewStarted } from '../labeling/state';
import type { Corpus, FixtureFile } from './load';
import type { RepoEntry } from './repos';

export function validateCorpus(corpus: Corpus): Problem[] {
  const problems: Problem[] = [...corpus.reposProblems, ...(corpus.systemsProblems ?? [])];
  const repos = new Map(corpus.repos.map((r) => [r.name, r]));
  // Keyed case apart: ids differing only in case would share a result file on some file systems.
  const ids = new Map<string, { id: string; file: string }>();
  for (const f of corpus.fixtures) {
    problems.push(...validateFixture(f, repos, corpus.reposProblems.length === 0));
    const id = f.read.fixture.id;
    if (id === undefined) continue;
    const first = ids.get(id.toLowerCase());
    if (first?.id === id) problems.push(
      at(f, 'id', 'error', 'duplicate-id', `id \`${id}\` is used by ${first.file} too: ids must be unique across the corpus`));
    else if (first) problems.push(
      at(f, 'id', 'error', 'duplicate-id',
        `id \`${id}\` differs from \`${first.id}\` (${first.file}) only in case: their result files would collide on some file systems; make `
          + `them differ in more than case`));
    else ids.set(id.toLowerCase(), { id, file: f.file });
  }
  return problems;
}

/** The checks of one fixture; `repos` known means a missing repo is an error. */
export function validateFixture(f: FixtureFile, repos: Map<string, RepoEntry>, reposKnown = true): Problem[] {
  const { fixture, problems: own, parsed } = f.read;
  const problems = [...own];
  if (!parsed) return problems;
  const add = (path: string, severity: Severity, code: ProblemCode, message: string) => problems.push(at(f, path, severity, code, message));

  // The id names the task's result files (raw/<system>/<id>.json): one plain path component.
  if (fixture.id !== undefined && !isSafePathComponent(fixture.id)) {
    add('id', 'error', 'unsafe-id',
      `id \`${fixture.id}\` cannot name result files: use ${SAFE_NAME_RULE} (no \`/\`, no \`..\`), e.g. \`${safeNameLike(fixture.id)}\``);
  }
  const repo = fixture.repo ? repos.get(fixture.repo) : undefined;
  const options = { module: repo?.module };
  if (fixture.repo && !repo && reposKnown) {
    add('repo', 'error', 'unknown-repo', `repo \`${fixture.repo}\` is not in repos.yaml: add it there or fix the name`);
  }
  if (repo && fixture.commit && !fixture.diff && repo.commit && fixture.commit !== repo.commit) {
    add('commit', 'error', 'commit-mismatch', `commit ${fixture.commit} differs from repos.yaml's ${repo.commit} for \`${repo.name}\`: use the pinned commit`);
  }

  const [repoFolder, tier] = f.placement.length === 3 ? f.placement : [];
  if (tier && (TIERS as readonly string[]).includes(tier)) {
    if (fixture.difficulty && fixture.difficulty !== tier) {
      add('difficulty', 'error', 'tier-mismatch',
        `difficulty \`${fixture.difficulty}\` disagrees with the tier folder \`${tier}/\`: move the file or fix the field`);
    }
  } else if (f.placement.length > 0) {
    add('', 'warning', 'placement', `fixtures belong at tasks/<repo>/<${TIERS.join('|')}>/NN-slug.yaml`);
  }
  if (repoFolder && fixture.repo && repoFolder !== fixture.repo) {
    add('repo', 'warning', 'placement', `repo \`${fixture.repo}\` is filed under tasks/${repoFolder}/`);
  }
  if (fixture.difficulty && !(TIERS as readonly string[]).includes(fixture.difficulty)) {
    add('difficulty', 'error', 'bad-difficulty', `difficulty \`${fixture.difficulty}\` must be one of ${TIERS.join(', ')}`);
  }

  const after = fixture.codegrapher?.kept.get('commit_after');
  if (fixture.diff && typeof after === 'string' && after !== fixture.diff.head) {
    add('codegrapher/commit_after', 'warning', 'codegrapher-mismatch',
      `codegrapher.commit_after ${after} differs from diff.head ${fixture.diff.head}: export-codegrapher writes commit_after from codegrapher; `
        + 'make the two agree');
  }
  if (fixture.agreement != null && (fixture.agreement < -1 || fixture.agreement > 1)) {
    add('agreement', 'error', 'agreement-range', `agreement ${fixture.agreement} is outside [-1, 1]: Cohen's kappa lies between -1 and 1`);
  }
  const leaks = taskLeaks(fixture.task ?? '', fixture.ground_truth.map((l) => l.symbol), options);
  if (leaks.length > 0) {
    add('task', 'warning', 'task-leak', `the task names its ground truth (${leaks.map((l) => `\`${l}\``).join(', ')}): a grep of the task finds `
      + `${leaks.length === 1 ? 'it' : 'them'} for free; write the task as its issue states it, naming no symbol of the solution`);
  }
  if (fixture.ground_truth.length > GROUND_TRUTH_CAP) {
    add('ground_truth', 'warning', 'over-cap',
      `${fixture.ground_truth.length} ground-truth symbols: the protocol caps a task at ${GROUND_TRUTH_CAP} (keep the most important)`);
  }

  for (const d of duplicateEntries(fixture, options)) add(`${d.list}/${d.index}`, 'error', 'duplicate-symbol', duplicateMessage(d));

  for (const rater of Object.keys(fixture.labels)) {
    if (rater !== fixture.labeler && rater !== fixture.verifier) {
      add(`labels/${rater}`, 'warning', 'unknown-rater', `labels.${rater}: \`${rater}\` is neither the labeler nor the verifier`);
    }
  }
  if (fixture.labeler && fixture.labeler === fixture.verifier) {
    add('verifier', 'warning', 'same-rater',
      'the verifier must be a second person, not the labeler (docs/fixture-format.md#the-protocol-states-and-who-writes-what)');
  }

  fixture.disputes.forEach((d, i) => {
    const judged = isJudged(fixture, d.symbol, options);
    if (!judged) {
      // A ruling marked unjudged is the adjudicator's own addition (a judged pool): a note, not something to fix.
      if (d.unjudged) {
        add(`disputes/${i}`, 'note', 'unjudged-ruling', `ruling on \`${d.symbol}\`, which no rater judged: the adjudicator judged it (unjudged: true)`);
      } else {
        add(`disputes/${i}`, 'warning', 'dispute-unjudged', `dispute about \`${d.symbol}\`, which no rater judged (in no list and not in candidates): fix `
          + 'the name, or mark an addition by the adjudicator `unjudged: true`');
      }
    } else if (d.unjudged) {
      add(`disputes/${i}/unjudged`, 'warning', 'dispute-judged',
        `dispute about \`${d.symbol}\` says \`unjudged: true\`, but the symbol is in candidates or a rater's list`);
    }
    if (d.sided_with !== undefined) {
      const allowed = [fixture.labeler, fixture.verifier, ...SIDES].filter((x): x is string => x !== undefined);
      const implied = sidedWith(fixture, d, options);
      if (!allowed.includes(d.sided_with)) {
        add(`disputes/${i}/sided_with`, 'error', 'bad-sided-with',
          `sided_with \`${d.sided_with}\` must be the labeler's or the verifier's name, both or neither (${allowed.join(', ')})`);
      } else if (implied !== undefined && implied !== d.sided_with) {
        add(`disputes/${i}/sided_with`, 'warning', 'sided-with-mismatch', `dispute about \`${d.symbol}\` says sided_with \`${d.sided_with}\`, `
          + `but the ruling and the raters' lists say \`${implied}\`: settle it again to record it`);
      }
    }
  });
  problems.push(...groundTruthProblems(f, options));
  return problems;
}

/** A reviewed fixture's ground truth: never empty, and what its labels and disputes imply. */
function groundTruthProblems(f: FixtureFile, options: NormalizeOptions): Problem[] {
  const { fixture } = f.read;
  const out: Problem[] = [];
  if (isDraftAside(fixture)) {
    out.push(at(f, 'ground_truth', 'warning', 'draft-aside',
      `ground_truth is empty while ${fixture.labeler}'s draft is kept out of the file for the blind review (.fixture-lab/blind/): finishing `
        + `the review brings it back`));
  } else if (fixture.ground_truth.length === 0 && (reviewStarted(fixture) || fixture.agreement !== undefined)) {
    out.push(at(f, 'ground_truth', 'error', 'empty-ground-truth',
      'ground_truth is empty after a review: settle the disagreements (`fixture-lab review settle`) so the task has symbols to score'));
  }
  if (!isDerived(fixture)) return out;
  fixture.disputes.forEach((d, i) => {
    if (d.resolution === 'included' && !d.confidence && !includedByARater(fixture, d.symbol, options)) {
      out.push(at(f, `disputes/${i}`, 'error', 'dispute-confidence',
        `dispute includes \`${d.symbol}\`, which no rater included: give the ruling a \`confidence:\` (HIGH or MEDIUM)`));
    }
  });
  const rulings = rulingsOf(fixture, options);
  const where = new Map(fixture.ground_truth.map((l, i) => [symbolKey(l.symbol, options), `ground_truth/${i}`]));
  for (const m of groundTruthMismatches(fixture, options)) {
    const what = m.actual === null ? `is missing \`${m.symbol}\` (${m.expected})`
      : m.expected === null
        ? `holds \`${m.symbol}\`, which ${rulings.get(symbolKey(m.symbol, options))?.resolution === 'excluded'
          ? 'a dispute excluded' : 'the raters did not both include and no dispute includes'}`
        : `gives \`${m.symbol}\` ${m.actual}, the labels and disputes ${m.expected}`;
    out.push(at(f, where.get(symbolKey(m.symbol, options)) ?? 'ground_truth', 'error', 'ground-truth-derivation',
      `ground_truth ${what}: after a review it is derived from both raters' lists and the disputes; settle a disagreement instead of editing it`));
  }
  return out;
}

function at(f: FixtureFile, path: string, severity: Severity, code: ProblemCode, message: string): Problem {
  const offset = f.read.offsets.get(path) ?? 0;
  return { file: f.file, ...f.read.position(offset), severity, code, message };
}

/**
 * The ground-truth symbols a task's text names: the whole name, or its last segment as a word
 * (case-insensitive; `_` counts as a word character, so `should_ignore_error` is one word).
 */
export function taskLeaks(task: string, symbols: readonly string[], options: NormalizeOptions = {}): string[] {
  const text = task.toLowerCase();
  const named = (word: string) => {
    const w = word.toLowerCase();
    if (!w) return false;
    for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + w.length] ?? ' ';
      if (!/[\p{L}\p{N}_]/u.test(before) && !/[\p{L}\p{N}_]/u.test(after)) return true;
    }
    return false;
  };
  const found = new Map<string, string>();
  for (const symbol of symbols) {
    const last = symbol.split(/[./:#]+/).filter(Boolean).at(-1) ?? symbol;
    if (text.includes(symbol.toLowerCase()) || named(last)) found.set(symbolKey(symbol, options), symbol);
  }
  return [...found.values()];
}
