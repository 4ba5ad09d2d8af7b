// The panel's header for the open fixture.
import { bandOf } from '../agreement/kappa';
import { effectiveConfidence, Fixture } from '../fixtures/model';
import { FixtureView, summarizeFixture } from '../labeling/state';
import type { FixtureHeader } from './model';

/** `view`: what the rater may see (fixtureView); a blind verifier's header holds no ground truth and no kappa. */
export function fixtureHeader(fixture: Fixture, file: string, module?: string, view?: FixtureView): FixtureHeader {
  if (view?.blind) {
    return { ...fixtureHeader(view.fixture, file, module), state: view.state, kappa: null, band: null, groundTruth: {
      total: 0, high: 0, medium: 0 }, blind: true };
  }
  const summary = summarizeFixture(fixture, { module });
  const high = fixture.ground_truth.filter((l) => effectiveConfidence(l) === 'HIGH').length;
  const rev = fixture.diff?.base ?? fixture.commit;
  return {
    id: fixture.id ?? file,
    file,
    repo: fixture.repo ?? '',
    ...(fixture.difficulty ? { tier: fixture.difficulty } : {}),
    tags: fixture.tags,
    task: fixture.task ?? '',
    ...(rev ? { rev } : {}),
    state: summary.state,
    kappa: summary.kappa,
    band: bandOf(summary.kappa),
    ...(summary.figures ? { percent: summary.figures.all.percent, ac1: summary.figures.all.ac1 } : {}),
    groundTruth: { total: fixture.ground_truth.length, high, medium: fixture.ground_truth.length - high },
  };
}
