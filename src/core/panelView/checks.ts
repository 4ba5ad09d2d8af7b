// What the panel says beside the scores so nobody reads more into them than they hold
// (docs/agreement.md): each system's Judged@K, warned under 0.9; each headline metric's range over
// the contested labels (as settled, every contested item included, every one excluded) and every
// ranking of two systems that flips inside it; the answers whose scores tie across the cut; and
// the systems whose answers are empty, unmapped, warned about or over budget (answerHealth.ts).
// The same core functions as FINDINGS.md, over the answers the panel shows, as plain text lines.
import type { Fixture } from '../fixtures/model';
import { fmt } from '../../shared/figures';
import { JUDGED_WARNING, SCORE_CUT, type ScoreChecks, type SensitivityRange } from '../../shared/panelView';
import type { MatchRule } from '../scoring/match';
import type { RawResult } from '../scoring/answers';
import { CutTie, JudgedAt, judgedAtK, tieAcrossCut, tieText } from '../harness/pooling';
import { disputeSensitivity, flipText, HEADLINE_METRICS } from '../harness/sensitivity';
import { healthWarnings, systemHealth } from '../harness/answerHealth';

export interface Checked {
  checks: ScoreChecks;
  /** Judged@K by system, for the table's column. */
  judged: Map<string, JudgedAt>;
}

/**
 * The checks over `raws` (answers to the fixtures of `fixtures`, by task id), scored with `match`.
 * K is SCORE_CUT, the cut FINDINGS.md's Judged@10 uses. The ranges list the systems in `order`
 * (the table's rows above them), any others after.
 */
export function scoreChecks(raws: readonly RawResult[], fixtures: ReadonlyMap<string, Fixture>, modules: ReadonlyMap<string, string | undefined>,
  match: MatchRule, order: readonly string[] = []): Checked {
  const k = SCORE_CUT;
  const own = new Map(fixtures);
  const mods = new Map(modules);
  const answered = raws.filter((r) => own.has(r.task));
  const rows = judgedAtK(answered, own, mods, k);
  const sensitivity = disputeSensitivity(answered, own, { match, ks: [5, k, 20] }, mods);
  const ties = answered.map((r) => tieAcrossCut(r, k)).filter((t): t is CutTie => t !== undefined);
  return {
    judged: new Map(rows.map((r) => [r.system, r])),
    checks: {
      k,
      unjudged: rows.filter((r) => r.judged !== null && r.judged < JUDGED_WARNING).map((r) => unjudgedText(r)),
      sensitivity: {
        contested: sensitivity.contested,
        open: sensitivity.open,
        metrics: [...HEADLINE_METRICS],
        rows: [...sensitivity.means].sort(([a], [b]) => rank(order, a) - rank(order, b)).map(([system, m]) => ({
          system,
          ranges: Object.fromEntries(HEADLINE_METRICS.map((metric): [string, SensitivityRange] => [metric, {
            settled: m.settled[metric], included: m.included[metric], excluded: m.excluded[metric] }])),
        })),
        flips: sensitivity.flips.map((f) => flipText(sensitivity, f)),
      },
      ties: ties.map(tieText),
      health: healthWarnings(systemHealth(answered)),
    },
  };
}

/**
 * `grep: Judged@10 0.700, under 0.9: 3 symbols in its first 10 that no rater judged count as not relevant; Pool ...`: in the
 * panel, where the run's Pool button is (its CLI twin, `pool RUN_DIR --write`, is said in the CLI's own report).
 */
export function unjudgedText(r: JudgedAt): string {
  const over = r.n === 1 ? '' : ` over ${r.n} tasks`;
  return `${r.system}: Judged@${r.k} ${fmt(r.judged)}, under ${JUDGED_WARNING}: ${r.unjudged} symbol${r.unjudged === 1 ? '' : 's'} in its first ${r.k}${over} `
    + 'that no rater judged count as not relevant; Pool them and judge them in To Judge before comparing';
}

/** Where `system` stands in `order`; after every listed one when it is not listed. */
const rank = (order: readonly string[], system: string) => (order.includes(system) ? order.indexOf(system) : order.length);
