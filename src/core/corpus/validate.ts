// Every problem in a corpus: each fixture's own (fixtures/read.ts) plus the checks that need the
// whole corpus (repos.yaml, ids, tier folders) or the protocol's rules (the 15-symbol cap).
import { duplicateEntries, duplicateMessage, symbolLists } from '../fixtures/duplicates';
import { GROUND_TRUTH_CAP, TIERS } from '../fixtures/model';
import { Problem, Severity } from '../problems';
import { symbolKey } from '../symbols/normalize';
import type { Corpus, FixtureFile } from './load';
import type { RepoEntry } from './repos';

export function validateCorpus(corpus: Corpus): Problem[] {
  const problems: Problem[] = [...corpus.reposProblems];
  const repos = new Map(corpus.repos.map((r) => [r.name, r]));
  const ids = new Map<string, string>();
  for (const f of corpus.fixtures) {
    problems.push(...validateFixture(f, repos, corpus.reposProblems.length === 0));
    const id = f.read.fixture.id;
    if (id === undefined) continue;
    const first = ids.get(id);
    if (first) problems.push(at(f, 'id', 'error', 'duplicate-id', `id \`${id}\` is used by ${first} too: ids must be unique across the corpus`));
    else ids.set(id, f.file);
  }
  return problems;
}

/** The checks of one fixture; `repos` known means a missing repo is an error. */
export function validateFixture(f: FixtureFile, repos: Map<string, RepoEntry>, reposKnown = true): Problem[] {
  const { fixture, problems: own, parsed } = f.read;
  const problems = [...own];
  if (!parsed) return problems;
  const add = (path: string, severity: Severity, code: string, message: string) => problems.push(at(f, path, severity, code, message));

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
      add('difficulty', 'error', 'tier-mismatch', `difficulty \`${fixture.difficulty}\` disagrees with the tier folder \`${tier}/\`: move the file or fix the field`);
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

  if (fixture.agreement != null && (fixture.agreement < -1 || fixture.agreement > 1)) {
    add('agreement', 'error', 'agreement-range', `agreement ${fixture.agreement} is outside [-1, 1]: Cohen's kappa lies between -1 and 1`);
  }
  if (fixture.ground_truth.length > GROUND_TRUTH_CAP) {
    add('ground_truth', 'warning', 'over-cap', `${fixture.ground_truth.length} ground-truth symbols: the protocol caps a task at ${GROUND_TRUTH_CAP} (keep the most important)`);
  }

  const lists = symbolLists(fixture);
  for (const d of duplicateEntries(fixture, options)) add(`${d.list}/${d.index}`, 'error', 'duplicate-symbol', duplicateMessage(d));

  for (const rater of Object.keys(fixture.labels)) {
    if (rater !== fixture.labeler && rater !== fixture.verifier) {
      add(`labels/${rater}`, 'warning', 'unknown-rater', `labels.${rater}: \`${rater}\` is neither the labeler nor the verifier`);
    }
  }
  if (fixture.labeler && fixture.labeler === fixture.verifier) {
    add('verifier', 'warning', 'same-rater', 'the verifier must be a second person, not the labeler (§6.6)');
  }

  const judged = new Set(lists.filter(([p]) => p !== 'disputes').flatMap(([, s]) => s.map((x) => symbolKey(x, options))));
  fixture.disputes.forEach((d, i) => {
    if (!judged.has(symbolKey(d.symbol, options))) {
      add(`disputes/${i}`, 'error', 'dispute-unjudged', `dispute about \`${d.symbol}\`, which nobody labeled or judged: add it to candidates or fix the name`);
    }
  });
  return problems;
}

function at(f: FixtureFile, path: string, severity: Severity, code: string, message: string): Problem {
  const offset = f.read.offsets.get(path) ?? 0;
  return { file: f.file, ...f.read.position(offset), severity, code, message };
}
