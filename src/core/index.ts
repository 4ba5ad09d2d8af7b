// The core's surface: what the CLI, the extension and the tests use, by name. Nothing under
// src/core imports `vscode`; a name no other part uses stays inside core (add it here when one does).

// Problems, and edits that return the new text or a problem
export { editKeepingLineEndings, lineEndingOf } from './lineEndings';
export {
  displayPath, edited, type Edited, FixtureLabError, formatProblem, type Problem, PROBLEM_CODES, ProblemError,
  refused, textOf, then,
} from './problems';
export { textDiff } from './textDiff';
export { decodeUtf8, invalidUtf8At } from './utf8';

// Numbers and words shared with the webview (src/shared), shown by the CLI and the extension too
export { showBidi, stripBidi } from '../shared/bidi';
export { chartConfig, LIGHT_THEME } from '../shared/chartTheme';
export { fmt, plural } from '../shared/figures';
export {
  type ChartView, type CorpusResults, type FixtureHeader, type FixtureResults, type SystemChoice,
} from '../shared/panelView';
export {
  type Confidence, CONFIDENCES, FAILURE_CATEGORIES, type FailureCategory, FIXTURE_STATES, type FixtureState,
  MATCH_RULES, type MatchRule,
} from '../shared/vocabulary';
export { median } from './numbers';

// Untrusted text as plain text, hover Markdown and report Markdown
export { commandLink, markdownCode, markdownText } from './untrusted/hoverMarkdown';
export { lineText } from './untrusted/lineText';
export { plainText } from './untrusted/plainText';
export { reportCode, reportText } from './untrusted/reportMarkdown';
export { terminalText } from './untrusted/terminalText';

// Fixtures: the model, reading, text edits
export { addCandidate, addDispute, addLabel, freezeLabels, removeLabel, setField } from './fixtures/edit';
export { describeChanges, reapplyEdits } from './fixtures/reapply';
export { type Dispute, effectiveConfidence, type Fixture, type Resolution, RESOLUTIONS, TIERS } from './fixtures/model';
export { FIXTURE_MAX_BYTES, oversizedFixture, readFixture, type ReadFixture, UNREADABLE_FIXTURE } from './fixtures/read';

// The labeling workflow: states, raters, the protocol's steps and their preconditions, blind drafts, new fixtures
export {
  dropKeptDraft, hideDraft, isDraftAside, keepDraft, keptDraft, keptDraftPath, restoreDraft,
} from './labeling/blindDrafts';
export { newFixtureText, nextFixture } from './labeling/create';
export { fixtureFromChange, parseChangeSpec, resolveChange, TASK_STUB, TASK_STUB_ADVICE } from './labeling/fromChange';
export { importSweBench, parseSweBenchJsonl, type SweBenchOutcome } from './labeling/sweBench';
export { derivedGroundTruth, groundTruthMismatches } from './labeling/groundTruth';
export { guardrailsFor, isTestSymbol } from './labeling/guardrails';
export {
  applyRelocation, relocateFixture, relocationLines, relocationRefusal, relocationReport, type RelocationReport, relocationTotals, type SkippedMove,
} from './labeling/relocate';
export { finishReview, labelAs, reviewWarnings, settleDispute, startReview, unlabelAs } from './labeling/protocol';
export { isShortReason, reasonChoices, reasonKey, reasonsUsed } from './labeling/reasons';
export { unsavedLabels } from './labeling/unsaved';
export {
  candidateWhy, type CodeExcerpt, judgeTooltip, type JudgeRow, markdownCodeBlock, rowDetails, rulingChoices, rulingText, settleTooltip,
  type SettleRow, settleView, toJudgeView,
} from './labeling/settleView';
export {
  clickTarget, disagreementsToSettle, finishRefusal, fixtureView, type FixtureView, includedByARater, isBlind,
  isJudged, type Role, roleOf, settleRefusal, startRefusal, summarizeFixture, visibleLabelOf, visibleLabels,
  withheldText,
} from './labeling/state';

// Agreement between raters
export { bandOf, cohensKappa } from './agreement/kappa';
export { type Agreement, agreementOf, type Disagreement } from './agreement/raters';

// A corpus: loading, validation, symbols checked against the code, the labeling report
export { labelingReport, REPORT_FILE, staleReport } from './corpus/labelingReport';
export { type Corpus, type FixtureFile, fixtureIdOf, loadCorpus, loadFixtureFile } from './corpus/load';
export { initCorpus } from './corpus/init';
export { readRulings, type RulingRow, settleRulings } from './labeling/bulkRulings';
export { addRepo, readReposFile } from './corpus/repoAdd';
export { readRepos, type RepoEntry, repositoryPath } from './corpus/repos';
export {
  canonicalName, checkCorpusSymbols, formatMatchRate, RepoSymbols, revisionOf, type SymbolCheck, symbolWarning, staleLabelsOf,
} from './corpus/resolveSymbols';
export { validateCorpus } from './corpus/validate';
export { exportCodegrapher } from './codegrapher/exportJsonl';
export { importCodegrapher } from './codegrapher/importJsonl';

// Files and processes
export { describeExit } from './io/exit';
export { editFile, readText, readUtf8File, writeTextAtomic } from './io/files';
export { lockPathOf } from './io/lock';

// Git
export { listChanges, quotedPath } from './git/diff';
export { gitUserName, Repository } from './git/repository';
export { sourceText } from './git/blobs';

// Symbols: names, definitions, references, lookups
export { type Definition, definitionAt, definitionsOf, enclosingDefinitions } from './symbols/definitions';
export { languageOf } from './symbols/languages';
export { definitionOf, definitionsNamed, filesMentioning } from './symbols/lookup';
export { Locator } from './symbols/locate';
export { type Locate } from './symbols/spans';
export { hashedDefinitionsOf } from './symbols/bodyHash';
export { BodyIndex, type Provenance, provenanceOf } from './symbols/bodyIndex';
export { importAt, importedDefinitions, importsOf } from './symbols/imports';
export { editDistance, nearestKey, suggestionBound } from './symbols/nearest';
export { CANONICAL, normalizeSymbol, symbolKey, symbolSegments } from './symbols/normalize';
export { ReferenceGraph } from './symbols/referenceGraph';
export { referenceAt, referencesOf } from './symbols/references';
export { corpusCacheDir } from './symbols/resolveCache';
export { isTestPath } from './symbols/testPaths';
export { extractKeywords, identifierWords } from './symbols/words';

// Changes and their default candidates
export { type AtBase, BaseNames } from './changes/baseNames';
export {
  type CandidateKind, type CandidateOptions, type Candidates, candidatesFrom, candidatesOf, describeCut, describeTests,
  type EvidencePolicy, FEW_STRONG, FEW_TESTS, type RankedCandidate, selectCandidates, STRONG_EVIDENCE, TESTS_POLICIES, type TestsPolicy,
} from './changes/candidates';
export { type ChangedSymbol, changedSymbols, type ChangeReport } from './changes/changedSymbols';
export type { Neighbour } from './changes/links';
export { neighboursOf } from './changes/neighbours';
export { type ResolverName } from './changes/resolvers';

// Scoring: answers, matching, metrics, significance, TREC, tokens
export { type RawResult, type ScoredResult } from './scoring/answers';
export { matchRanking } from './scoring/match';
export { scoreMatch, summarize } from './scoring/metrics';
export { DEFAULT_MATCH_RULE } from './scoring/rules';
export { EFFECT_SIZES, mulberry32, significanceMatrix, type SignificanceMatrix } from './scoring/significance';
export { countTokens } from './scoring/tokens';

// The harness: systems, processes, runs on disk, analysis, triage
export { checkAnswer } from './harness/adapters/types';
export { analyzeRun, failureReport } from './harness/analysis';
export { healthWarnings, namesAtRevision, stderrCause, systemHealth, systemWarnings } from './harness/answerHealth';
export { type Miss } from './harness/failures';
export { joinSymbol, parseOutput } from './harness/output';
export { capText, DEFAULT_MAX_OUTPUT_BYTES, DRAIN_MS, runProcess } from './io/process';
export { liveTrees, markedProcesses, reapAll } from './io/processTree';
export { legacyRawPath, readAnswer, readRawDir, type DamagedAnswers, readRunInfo, runFolderName, type RunInfo, writeRaw } from './harness/results';
export { InvalidCorpusError, NO_GROUND_TRUTH, NothingToRunError, PRIMARY_BUDGET, planRun, readRunInputs } from './harness/plan';
export { executeRun, prepareRun, runBenchmark, type RunEvent } from './harness/run';
export { mergeRuns } from './harness/merge';
export { RunStore } from './harness/runStore';
export { inShard, parseShard, shardOf, TIMING_FIELDS, timingFieldText, withoutTiming } from './harness/shard';
export { readSystems, resolvePrograms } from './harness/systems';
export { installingLine, packageHome, systemsCacheDir } from './harness/systemPackages';
export { checkLines, checkSystems } from './harness/systemsCheck';
export { readSystemsFile } from './corpus/systemsYaml';
export { exportTrec } from './harness/trecExport';
export { importTrecRun } from './harness/trecImport';
export { readMisses, readTriage, setTriage, type TriageChoice, triageKey } from './harness/triage';

// What the panel shows, as plain data
export { corpusResults, scoreRun } from './panelView/corpus';
export { fixtureHeader } from './panelView/header';
export {
  BLIND, corpusView, namesToLocate, panelAnswers, currentAnswers, type RecordedAnswers, recordedAnswers, RESTRICTED, runControls, runMessage, type RunMessage,
  withoutCharts,
} from './panelView/host';
export { redrawRunCharts } from './panelView/redraw';
export { fixtureResults } from './panelView/results';
export { panelResults, RETURNED_PAGE_ITEMS, returnedPage, SHOWN_CHARS } from './panelView/returned';
export {
  type Answer, latestAnswers, latestCorpusRun, listRuns, readRun, type RunFolder, systemChoices,
} from './panelView/runs';
export { categoryOf, missedBy, verdictsFor, verdictText } from './panelView/verdicts';

// Charts
export { corpusCharts } from './charts/corpusCharts';
export { fixtureCharts } from './charts/fixtureCharts';
export { RADAR_AXES, radarValues } from './charts/radar';
export { compileCharts } from './charts/compile';
export { renderSvg } from './charts/svg';

// Agreement beyond one kappa, who settlements sided with, dispute sensitivity, pooling (h-agreement)
export {
  addTables, binaryFigures, bootstrapFigures, cohenOfTable, emptyTable, figureSummary,
  figuresOf, gwetAC1, isKappaParadox, labeledOnlyFigures, pabak, paradoxNote, type RatingTable, tableOf, weightedKappa,
} from './agreement/figures';
export { sidedWith } from './agreement/raters';
export { agreementWriteRefusal, type FixtureSummary, measuredAgreement } from './labeling/state';
export { addPooled } from './fixtures/edit';
export { DEFAULT_POOL_DEPTH, judgedAtK, judgedKeys, mergePooled, poolEdits, poolOf, poolRun, poolText, tieAcrossCut } from './harness/pooling';
export { contestedTruths, disputeSensitivity, HEADLINE_METRICS, SCENARIOS, sensitivityMarkdown } from './harness/sensitivity';
export { scoreResult } from './scoring/answers';
export { DEFAULT_KS, metricValues } from './scoring/metrics';

