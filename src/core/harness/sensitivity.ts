// Dispute sensitivity: each system scored per fixture as settled, with every contested item
// included and with every one excluded, so nobody publishes a ranking that an unsettled (or
// differently settled) label would reverse. An item is contested when the two raters disagree
// about it, open or settled: on inclusion (one included it), or on confidence only (both did, at
// different confidences; "included" then takes the higher, "excluded" the lower, the two ends of
// what graded NDCG could credit). Unjudged rulings are the adjudicator's, not a disagreement.
import { agreementOf, labelerList, verifierList } from '../agreement/raters';
import { Confidence, Fixture, Label } from '../fixtures/model';
import { reportText } from '../untrusted/reportMarkdown';
import { fmt } from '../../shared/figures';
import { mean } from '../numbers';
import { metricValues } from '../scoring/metrics';
import { NormalizeOptions, symbolKey } from '../symbols/normalize';
import type { RawResult } from '../scoring/answers';
import type { RunInfo } from './results';
import { scoreResult } from '../scoring/answers';

export const SCENARIOS = ['settled', 'included', 'excluded'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface ContestedTruths {
  /** Items the raters disagreed about, by inclusion or by confidence. */
  contested: number;
  /** Of them, how many no dispute settles yet. */
  open: number;
  truths: Record<Scenario, Label[]>;
}

/** The fixture's ground truth in each scenario. A fixture without two raters' lists has nothing contested. */
export function contestedTruths(f: Fixture, options: NormalizeOptions = {}): ContestedTruths {
  const settled = f.ground_truth;
  const verifier = verifierList(f);
  if (!verifier) return { contested: 0, open: 0, truths: { settled, included: settled, excluded: settled } };
  const agreement = agreementOf(f, options);
  const ruled = new Set(f.disputes.map((d) => symbolKey(d.symbol, options)));
  const byKey = (list: Label[]) => new Map(list.map((l) => [symbolKey(l.symbol, options), l]));
  const mine = byKey(labelerList(f));
  const theirs = byKey(verifier);
  const included = new Map(settled.map((l) => [symbolKey(l.symbol, options), l]));
  const excluded = new Map(included);
  for (const d of agreement.disagreements) {
    const key = symbolKey(d.symbol, options);
    const label = mine.get(key) ?? theirs.get(key)!;
    const at = (confidence: Confidence): Label => ({ ...(included.get(key) ?? label), confidence });
    if (d.labeler !== null && d.verifier !== null) {
      included.set(key, at('HIGH'));
      excluded.set(key, at('MEDIUM'));
    } else {
      if (!included.has(key)) included.set(key, at((d.labeler ?? d.verifier)!));
      excluded.delete(key);
    }
  }
  return {
    contested: agreement.disagreements.length,
    open: agreement.disagreements.filter((d) => !ruled.has(symbolKey(d.symbol, options))).length,
    truths: { settled, included: [...included.values()], excluded: [...excluded.values()] },
  };
}

/** §8.1's headline four: the metrics significance compares and whose range FINDINGS.md shows. */
export const HEADLINE_METRICS = ['P@10', 'R@10', 'NDCG@10', 'MRR'] as const;

export interface SensitivityTask {
  system: string;
  task: string;
  /** Per scenario, per metric: the task's value (null where the metric is undefined). */
  values: Record<Scenario, Record<string, number | null>>;
}

export interface Flip {
  metric: string;
  a: string;
  b: string;
  /** The scenario where a is ahead, and one where b is. */
  aAhead: Scenario;
  bAhead: Scenario;
}

export interface Sensitivity {
  fixtures: number;
  contested: number;
  open: number;
  /** Fixtures with at least one contested item. */
  affected: number;
  /** Per system, per scenario, per metric: the mean over its tasks. */
  means: Map<string, Record<Scenario, Record<string, number | null>>>;
  flips: Flip[];
  tasks: SensitivityTask[];
}

/** Score every answer in the three scenarios and find the pairs of systems whose order flips. */
export function disputeSensitivity(
  raws: readonly RawResult[], fixtures: Map<string, Fixture>, info: Pick<RunInfo, 'match' | 'ks'>, modules: Map<string, string | undefined>,
): Sensitivity {
  const contested = new Map<string, ContestedTruths>();
  for (const [task, f] of fixtures) contested.set(task, contestedTruths(f, { module: modules.get(task) }));
  const tasks: SensitivityTask[] = [];
  for (const raw of raws) {
    const f = fixtures.get(raw.task);
    const c = contested.get(raw.task);
    if (!f || !c) continue;
    const values = Object.fromEntries(SCENARIOS.map((s) => {
      const m = metricValues(scoreResult(raw, { ...f, ground_truth: c.truths[s] }, info, modules.get(raw.task)).score);
      return [s, Object.fromEntries(HEADLINE_METRICS.map((k) => [k, m[k] ?? null]))];
    })) as SensitivityTask['values'];
    tasks.push({ system: raw.system, task: raw.task, values });
  }
  const systems = [...new Set(tasks.map((t) => t.system))].sort();
  const means = new Map(systems.map((system) => {
    const mine = tasks.filter((t) => t.system === system);
    return [system, Object.fromEntries(SCENARIOS.map((s) => [s, Object.fromEntries(HEADLINE_METRICS.map((k) => [
      k, mean(mine.map((t) => t.values[s][k]).filter((v): v is number => v !== null)),
    ]))])) as Record<Scenario, Record<string, number | null>>];
  }));
  const flips: Flip[] = [];
  for (const metric of HEADLINE_METRICS) {
    for (let i = 0; i < systems.length; i++) {
      for (let j = i + 1; j < systems.length; j++) {
        const [a, b] = [systems[i], systems[j]];
        const diff = (s: Scenario) => {
          const x = means.get(a)![s][metric];
          const y = means.get(b)![s][metric];
          return x === null || y === null ? 0 : round(x - y);
        };
        const aAhead = SCENARIOS.find((s) => diff(s) > 0);
        const bAhead = SCENARIOS.find((s) => diff(s) < 0);
        if (aAhead && bAhead) flips.push({ metric, a, b, aAhead, bAhead });
      }
    }
  }
  const all = [...contested.values()];
  return {
    fixtures: all.length,
    contested: all.reduce((s, c) => s + c.contested, 0),
    open: all.reduce((s, c) => s + c.open, 0),
    affected: all.filter((c) => c.contested > 0).length,
    means,
    flips,
    tasks,
  };
}

/** Differences of means that are floating-point noise are ties, not a ranking. */
const round = (x: number) => Math.round(x * 1e9) / 1e9;

const SCENARIO_WORDS: Record<Scenario, string> = {
  settled: 'as settled',
  included: 'with every contested item included',
  excluded: 'with every contested item excluded',
};

/** FINDINGS.md's section: each headline metric as settled and its range, and every ranking that flips inside it. */
export function sensitivityMarkdown(s: Sensitivity): string[] {
  const out = ['## Dispute sensitivity', ''];
  const counts = `${s.contested} contested item${s.contested === 1 ? '' : 's'} in ${s.affected} of ${s.fixtures} fixtures, ${s.open} of them open.`;
  out.push(`Each system scored three ways: as settled, ${SCENARIO_WORDS.included} and ${SCENARIO_WORDS.excluded} (an item is contested when `
    + `the raters disagreed about it, open or settled; one they included at different confidences counts HIGH, then MEDIUM). ${counts}`, '');
  if (s.contested === 0) {
    out.push('Nothing is contested: no ranking depends on a settlement.');
    return out;
  }
  out.push(`| System | ${HEADLINE_METRICS.map((m) => `${m} settled [range]`).join(' | ')} |`, `|---|${HEADLINE_METRICS.map(() => '---').join('|')}|`);
  for (const [system, m] of s.means) {
    out.push(`| ${reportText(system)} | ${HEADLINE_METRICS.map((k) => {
      const values = SCENARIOS.map((sc) => m[sc][k]).filter((v): v is number => v !== null);
      return values.length === 0 ? 'n/a' : `${fmt(m.settled[k])} [${fmt(Math.min(...values))}, ${fmt(Math.max(...values))}]`;
    }).join(' | ')} |`);
  }
  out.push('');
  if (s.flips.length === 0) out.push('No ranking of two systems flips inside these ranges.');
  else {
    const one = s.flips.length === 1;
    out.push(`**Warning:** ${s.flips.length} ranking${one ? '' : 's'} of two systems flip${one ? 's' : ''} with the contested labels: `
      + 'settle them before publishing these orders.', '');
    for (const f of s.flips) out.push(`- ${flipText(s, f, reportText)}`);
  }
  return out;
}

/**
 * One flip in words: `R@10: narrow ahead as settled (1.000 vs 0.500), wide ahead with every
 * contested item included (0.800 vs 0.400)`; `name` writes a system's name (escaped in a report).
 */
export function flipText(s: Pick<Sensitivity, 'means'>, f: Flip, name: (system: string) => string = (x) => x): string {
  const at = (system: string, scenario: Scenario) => fmt(s.means.get(system)![scenario][f.metric]);
  const first = `${name(f.a)} ahead ${SCENARIO_WORDS[f.aAhead]} (${at(f.a, f.aAhead)} vs ${at(f.b, f.aAhead)})`;
  return `${f.metric}: ${first}, ${name(f.b)} ahead ${SCENARIO_WORDS[f.bAhead]} (${at(f.b, f.bAhead)} vs ${at(f.a, f.bAhead)})`;
}
