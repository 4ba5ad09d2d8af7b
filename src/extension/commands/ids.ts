// The ids of the commands package.json contributes, as the compiler sees them: a handler, a tree
// item, a lens or a link can name no other (test/extension/commands.test.ts keeps this list and the
// manifest the same). Import-free, so the Node tests read it.
export const COMMAND_IDS = [
  'fixtureLab.addLabel',
  'fixtureLab.removeLabel',
  'fixtureLab.openFixture',
  'fixtureLab.openDiff',
  'fixtureLab.openCandidate',
  'fixtureLab.labelHigh',
  'fixtureLab.labelMedium',
  'fixtureLab.removeSymbolLabel',
  'fixtureLab.changeLabel',
  'fixtureLab.recordDispute',
  'fixtureLab.startReview',
  'fixtureLab.finishReview',
  'fixtureLab.settleDisagreements',
  'fixtureLab.newFixture',
  'fixtureLab.revealSymbol',
  'fixtureLab.filterFixtures',
  'fixtureLab.clearFilter',
  'fixtureLab.refresh',
  'fixtureLab.validateCorpus',
  'fixtureLab.showAgreement',
  'fixtureLab.writeReport',
  'fixtureLab.openPanel',
  'fixtureLab.runBenchmark',
  'fixtureLab.cancelRun',
  'fixtureLab.setFailureCategory',
  'fixtureLab.confirmFailureCategory',
  'fixtureLab.revealMiss',
  'fixtureLab.nextMiss',
  'fixtureLab.previousMiss',
] as const;

export type CommandId = (typeof COMMAND_IDS)[number];
