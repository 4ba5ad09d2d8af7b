import * as assert from 'node:assert/strict';
import { bandOf, cohensKappa } from '../../src/core';

const close = (actual: number | null, expected: number) => {
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${actual} != ${expected}`);
};

/** Two raters' yes/no over n items from a 2x2 table: both yes, a only, b only, both no. */
function table(yy: number, yn: number, ny: number, nn: number): [boolean[], boolean[]] {
  const a: boolean[] = [];
  const b: boolean[] = [];
  const put = (n: number, x: boolean, y: boolean) => { for (let i = 0; i < n; i++) { a.push(x); b.push(y); } };
  put(yy, true, true); put(yn, true, false); put(ny, false, true); put(nn, false, false);
  return [a, b];
}

describe("Cohen's kappa", () => {
  it('matches the textbook 2x2 example (20/5/10/15 -> 0.4)', () => {
    // Wikipedia's worked example: po = 0.7, pe = 0.5, kappa = 0.4.
    const k = cohensKappa(...table(20, 5, 10, 15));
    close(k.observed, 0.7);
    close(k.expected, 0.5);
    close(k.kappa, 0.4);
    assert.equal(k.reason, null);
  });

  it('is 1 for perfect agreement with variation, negative below chance', () => {
    close(cohensKappa(...table(3, 0, 0, 7)).kappa, 1);
    close(cohensKappa(...table(0, 5, 5, 0)).kappa, -1);
  });

  it('computes unweighted kappa over three categories', () => {
    // 10 items; categories H, M, none. Hand-computed: po = 6/10,
    // pA = (4,3,3)/10, pB = (3,5,2)/10, pe = (12+15+6)/100 = 0.33, kappa = 0.27/0.67.
    const a = ['H', 'H', 'H', 'H', 'M', 'M', 'M', '-', '-', '-'];
    const b = ['H', 'H', 'M', 'M', 'M', 'H', 'M', '-', '-', 'M'];
    const k = cohensKappa(a, b);
    close(k.observed, 0.6);
    close(k.expected, 0.33);
    close(k.kappa, 0.27 / 0.67);
  });

  it('is undefined, with a reason and the observed agreement, when nothing varies or nothing is rated', () => {
    const flat = cohensKappa([true, true, true], [true, true, true]);
    assert.equal(flat.kappa, null);
    assert.equal(flat.observed, 1);
    assert.match(flat.reason!, /no variation/);
    const none = cohensKappa([], []);
    assert.equal(none.kappa, null);
    assert.equal(none.observed, null);
    assert.match(none.reason!, /no items/);
  });

  it('bands as the protocol does: > 0.8 strong, 0.6-0.8 moderate, < 0.6 weak', () => {
    assert.equal(bandOf(0.81), 'strong');
    assert.equal(bandOf(0.8), 'moderate');
    assert.equal(bandOf(0.6), 'moderate');
    assert.equal(bandOf(0.5999), 'weak');
    assert.equal(bandOf(-0.2), 'weak');
    assert.equal(bandOf(null), null);
  });
});
