// The command table: one entry per `fixture-lab <name>`; later issues add rows.
import type { Command } from '../args';
import { METRICS } from './metricsUsage';

/**
 * A command whose module loads when it runs, so each command pays only for what it uses
 * (`symbols` not for scoring, charts or the MCP client): esbuild keeps a dynamically imported
 * module of the bundle uninitialised until the import runs. For the same reason the commands a
 * labeler runs per click (label, review, dispute, kappa) import core's modules directly rather
 * than core's index, which would initialise every core module with them.
 */
function lazy<K extends string>(load: () => Promise<Record<K, Command>>, name: K): Command {
  return async (args, io) => (await load())[name](args, io);
}

export interface CommandEntry {
  usage: string;
  summary: string;
  run: Command;
}

export const COMMANDS: Record<string, CommandEntry> = {
  init: {
    usage: 'init [DIR] [--repo NAME=PATH_OR_URL ...]',
    summary: 'start a corpus in DIR (the working folder by default): repos.yaml, systems.yaml (the baselines, real systems commented) and '
      + 'tasks/, each saying what goes where; each --repo is added as `repo add` would; refuses a folder that is already a corpus',
    run: lazy(() => import('./init'), 'init'),
  },
  repo: {
    usage: 'repo add NAME PATH_OR_URL [--corpus DIR] [--commit REV] [--language L,...]',
    summary: 'record a repository in repos.yaml with its URL (origin), languages (by its files) and pinned commit (HEAD, or --commit) read '
      + 'from the clone; a path is used where it is, a URL is cloned into .repos/NAME',
    run: lazy(() => import('./init'), 'repo'),
  },
  validate: {
    usage: 'validate [CORPUS_DIR] [--json] [--no-resolve] [--verbose]',
    summary: 'check every fixture and repos.yaml, and every symbol against the code (the match rate; --no-resolve skips it); prints '
      + 'path:line:col: error|warning|note: message, errors first; notes one line per fixture and kind (--verbose: each); exit 1 on an error',
    run: lazy(() => import('./validate'), 'validate'),
  },
  label: {
    usage: 'label add FIXTURE SYMBOL --confidence HIGH|MEDIUM --reason TEXT [--rater NAME] | label remove FIXTURE SYMBOL [--rater NAME]',
    summary: 'label as a rater (--rater, else FIXTURE_LAB_RATER, else git user.name): the labeler\'s draft ground_truth (the first rater is '
      + 'the labeler), or labels[verifier] in a review',
    run: lazy(() => import('./label'), 'label'),
  },
  review: {
    usage: 'review start FIXTURE --verifier NAME [--blind-drafts] | review finish FIXTURE | review settle FIXTURE SYMBOL --resolution '
      + 'included|excluded [--confidence HIGH|MEDIUM] --rationale TEXT [--unjudged] | review settle FIXTURE --from RULINGS.yaml|.csv',
    summary: 'the verifier\'s pass: freeze the labeler\'s list and label blind; finish writes agreement and derives ground_truth; settle '
      + 'rules on a disagreement; --from applies a file\'s rulings (symbol, resolution, confidence, rationale) in one edit, or none',
    run: lazy(() => import('./review'), 'review'),
  },
  dispute: {
    usage: 'dispute add FIXTURE SYMBOL --resolution included|excluded [--confidence HIGH|MEDIUM] --rationale TEXT [--unjudged]',
    summary: 'the same as `review settle`: record the ruling; ground_truth follows it',
    run: lazy(() => import('./dispute'), 'dispute'),
  },
  kappa: {
    usage: 'kappa FIXTURE|DIR... [--json] [--write]',
    summary: 'Cohen\'s kappa between labeler and verifier per fixture; --write stores it as `agreement`',
    run: lazy(() => import('./kappa'), 'kappa'),
  },
  report: {
    usage: 'report [CORPUS_DIR]',
    summary: 'write CORPUS_DIR/labeling-report.md',
    run: lazy(() => import('./report'), 'report'),
  },
  symbols: {
    usage: 'symbols --repo PATH --base REV --head REV [--json] | symbols --repo PATH --rev REV --file FILE [--json]',
    summary: 'the definitions a change touches (added, modified, deleted), or every definition in one file',
    run: lazy(() => import('./symbols'), 'symbols'),
  },
  new: {
    usage: 'new --repo NAME (--base REV --head REV | --pr N) [--task TEXT] [--tier easy|medium|hard] [--id ID] [--out PATH] [--limit N] '
      + '[--tests exclude|after|mixed] [--resolver scip|heuristic] [CORPUS_DIR]',
    summary: 'write a fixture from a change (NAME from repos.yaml; --pr: the merge commit naming PR #N): diff, candidates and a task stub at '
      + 'tasks/NAME/TIER/NN-slug.yaml (tier medium by default), never replacing a file',
    run: lazy(() => import('./new'), 'newFixture'),
  },
  candidates: {
    usage: 'candidates --repo PATH --base REV --head REV [--limit N] [--tests exclude|after|mixed] [--evidence strong|all] '
      + '[--resolver scip|heuristic] [--json]',
    summary: 'a fixture\'s default candidates: the changed symbols, then their one-hop callers, callees and types',
    run: lazy(() => import('./candidates'), 'candidates'),
  },
  run: {
    usage: 'run [CORPUS_DIR] [--systems a,b] [--tasks GLOB] [--budget N[,N...]] [--match symbol|exact|bounded|lenient|seed] [--effect-size '
      + 'd_z|d_av] [--out DIR] [--seed N] [--skip-invalid] [--keep-failures] [--keep-checkouts] [--scale-lines N] [--shard I/N] [--rescore]',
    summary: 'run the retrieval systems on the labeled tasks and score them; writes results/run-<timestamp>/ (resumes an existing --out); '
      + '--out RUN_DIR --rescore answers nothing and scores its answers again against the fixtures as they are now, keeping its times',
    run: lazy(() => import('./run'), 'run'),
  },
  systems: {
    usage: 'systems check [CORPUS_DIR] [--task ID] [--systems a,b] [--budget N] [--json]',
    summary: 'each system indexes and answers one task in a checkout of its own: the argv as resolved, exit, the stderr line naming a cause, '
      + 'names returned and how many exist at the revision, tokens against the budget, its warnings, and one line saying what to fix; exit 1 '
      + 'unless all are ok',
    run: lazy(() => import('./systems'), 'systems'),
  },
  merge: {
    usage: 'merge OUT RUN_DIR... [--corpus DIR]',
    summary: 'join the folders of `run --shard I/N` into one run folder OUT, the same as one unsharded run but for its times '
      + '(docs/scaling.md); refuses shards that disagree, overlap or are incomplete',
    run: lazy(() => import('./merge'), 'merge'),
  },
  'export-trec': {
    usage: 'export-trec RUN_DIR [--skip-damaged]',
    summary: 'write a run\'s qrels and per-system TREC run files into RUN_DIR/trec/, for trec_eval',
    run: lazy(() => import('./exportTrec'), 'exportTrecCommand'),
  },
  'import-swe-bench': {
    usage: 'import-swe-bench FILE.jsonl --repo NAME [--out DIR] [--corpus DIR] [--tier easy|medium|hard] [--force] [--limit N] [--tests exclude|after|mixed]',
    summary: 'each SWE-bench instance as a fixture: its patch committed at base_commit (kept under refs/fixture-lab/swe-bench/), the problem '
      + 'statement as task, the default candidates, no ground truth yet; lists the instances refused (exit 1 if any); docs/imports.md',
    run: lazy(() => import('./importSweBench'), 'importSweBenchCommand'),
  },
  'import-trec': {
    usage: 'import-trec RUN_FILE --system NAME --out RUN_DIR [--corpus DIR] [--match RULE] [--budget N] [--tasks GLOB]',
    summary: 'a TREC run file (qid Q0 docno rank score tag; qid a fixture id, docno a symbol) as a run folder scored like any other: the '
      + 'inverse of export-trec; docs/imports.md',
    run: lazy(() => import('./importTrec'), 'importTrecCommand'),
  },
  'import-codegrapher': {
    usage: 'import-codegrapher FILE.jsonl [--out CORPUS] [--tier easy|medium|hard]',
    summary: 'each record of a CodeGrapher JSONL becomes a fixture (docs/imports.md) at tasks/REPO/TIER/ (medium by default), its repository '
      + 'a repos.yaml entry (matched by URL, else added); a bad line is named and nothing is written',
    run: lazy(() => import('./codegrapher'), 'importCodegrapherCommand'),
  },
  'export-codegrapher': {
    usage: 'export-codegrapher CORPUS OUT.jsonl',
    summary: 'one CodeGrapher JSONL record per fixture; an imported fixture gives its line back byte for byte (docs/imports.md)',
    run: lazy(() => import('./codegrapher'), 'exportCodegrapherCommand'),
  },
  pool: {
    usage: 'pool RUN_DIR [--depth K] [--write] | pool RUN_DIR --judge RULINGS.yaml|.csv',
    summary: 'TREC-style pooling: every system\'s top K (default 10) symbols no rater judged, per fixture; '
      + '--write adds them to the fixture\'s `pooled:` list to judge (never to candidates); --judge applies a file\'s rulings (task, symbol, '
      + 'resolution, confidence, rationale), all or none; then `run --out RUN_DIR --rescore` scores the run again, keeping its times',
    run: lazy(() => import('./pool'), 'pool'),
  },
  relocate: {
    usage: 'relocate FIXTURE --to REV [--write] [--json]',
    summary: 'follow the labels to another revision: each labeled symbol unchanged, moved (the same body under a new name: the rename), '
      + 'changed (review it) or gone; --write applies the moves',
    run: lazy(() => import('./relocate'), 'relocate'),
  },
  charts: {
    usage: 'charts RUN_DIR [--skip-damaged]',
    summary: 'draw a run\'s charts again from its raw answers: RUN_DIR/analysis/charts/*.svg (PR curves, token efficiency, P@10 heatmap, box '
      + 'plots, significance)',
    run: lazy(() => import('./charts'), 'charts'),
  },
  metrics: {
    ...METRICS,
    run: lazy(() => import('./metrics'), 'metrics'),
  },
};
