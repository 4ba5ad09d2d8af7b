// The protocol's guardrails (docs/fixture-format.md#the-protocol-states-and-who-writes-what), shown beside a label, never enforced: the 15-symbol cap,
// test-only symbols when the task is not about tests, and symbols far from the changed code.
import { GROUND_TRUTH_CAP, type Fixture } from '../fixtures/model';
import { symbolKey, type NormalizeOptions } from '../symbols/normalize';

/** Is this (normalized) symbol in a test file? Its file part is the name up to the first member. */
export function isTestSymbol(symbol: string): boolean {
  const slash = symbol.lastIndexOf('/');
  const base = symbol.slice(slash + 1);
  const dir = symbol.slice(0, slash + 1);
  if (/(^|\/)(tests?|__tests__|spec|testdata)\//.test(dir)) return true;
  // `cart.test.ts` names its symbols `cart.test.X`; `queue_test.go` names them `queue_test.X`.
  return /^[^.]*(_test|_spec|Tests?)(\.|$)/.test(base) || /^test_/.test(base) || /^[^.]*\.(test|spec)\./.test(base);
}

export interface Guardrail {
  code: 'cap' | 'test-only' | 'far';
  message: string;
}

/**
 * What to tell a labeler about adding `symbol` to `list` of fixture `f`. `hops`, when known, is
 * the symbol's distance in references from the changed code (0 = changed; Infinity = beyond 3).
 */
export function guardrailsFor(f: Fixture, symbol: string, listSize: number, hops?: number, options: NormalizeOptions = {}): Guardrail[] {
  const out: Guardrail[] = [];
  const key = symbolKey(symbol, options);
  const already = f.ground_truth.some((l) => symbolKey(l.symbol, options) === key);
  if (!already && listSize + 1 > GROUND_TRUTH_CAP) out.push(
    { code: 'cap', message: `this makes ${listSize + 1} symbols; the protocol caps ground truth at ${GROUND_TRUTH_CAP}: keep the ones an expert needs` });
  if (isTestSymbol(symbol) && !/\btests?\b|\btesting\b|\bspec\b/i.test(f.task ?? '')) out.push(
    { code: 'test-only', message: 'a test symbol, and the task is not about tests: label it only if the change needs it' });
  if (hops !== undefined && hops > 2) out.push(
    { code: 'far', message: `${Number.isFinite(hops) ? hops : 'more than 3'} hops from the changed code: the protocol looks one or two hops out` });
  return out;
}
