// The standard normal upper tail, for the Wilcoxon test's large-sample approximation. erfc is
// FreeBSD msun's s_erf.c (fdlibm), for x >= 0, which keeps its relative error under one unit in
// the last place far into the tail, so p-values agree with scipy's to about 1e-15 instead of the
// 1e-7 of the usual short approximations. Its notice, as the license asks:
//
//   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//   Developed at SunPro, a Sun Microsystems, Inc. business.
//   Permission to use, copy, modify, and distribute this software is freely granted, provided
//   that this notice is preserved.

const ERX = 8.45062911510467529297e-1;
// |x| < 0.84375: erf(x) = x + x * P(x^2) / Q(x^2).
const PP = [1.28379167095512558561e-1, -3.25042107247001499370e-1, -2.84817495755985104766e-2, -5.77027029648944159157e-3, -2.37630166566501626084e-5];
const QQ = [1, 3.97917223959155352819e-1, 6.50222499887672944485e-2, 5.08130628187576562776e-3, 1.32494738004321644526e-4, -3.96022827877536812320e-6];
// 0.84375 <= |x| < 1.25: erfc(x) = 1 - erx - P(s) / Q(s), s = |x| - 1.
const PA = [-2.36211856075265944077e-3, 4.14856118683748331666e-1, -3.72207876035701323847e-1, 3.18346619901161753674e-1,
  -1.10894694282396677476e-1, 3.54783043256182359371e-2, -2.16637559486879084300e-3];
const QA = [1, 1.06420880400844228286e-1, 5.40397917702171048937e-1, 7.18286544141962662868e-2, 1.26171219808761642112e-1,
  1.36370839120290507362e-2, 1.19844998467991074170e-2];
// 1.25 <= |x| < 1/0.35: erfc(x) = exp(-x^2 - 0.5625 + R(1/x^2) / S(1/x^2)) / x.
const RA = [-9.86494403484714822705e-3, -6.93858572707181764372e-1, -1.05586262253232909814e1, -6.23753324503260060396e1,
  -1.62396669462573470355e2, -1.84605092906711035994e2, -8.12874355063065934246e1, -9.81432934416914548592];
const SA = [1, 1.96512716674392571292e1, 1.37657754143519042600e2, 4.34565877475229228821e2, 6.45387271733267880336e2,
  4.29008140027567833386e2, 1.08635005541779435134e2, 6.57024977031928170135, -6.04244152148580987438e-2];
// 1/0.35 <= |x| < 28.
const RB = [-9.86494292470009928597e-3, -7.99283237680523006574e-1, -1.77579549177547519889e1, -1.60636384855821916062e2,
  -6.37566443368389627722e2, -1.02509513161107724954e3, -4.83519191608651397019e2];
const SB = [1, 3.03380607434824582924e1, 3.25792512996573918826e2, 1.53672958608443695994e3, 3.19985821950859553908e3,
  2.55305040643316442583e3, 4.74528541206955367215e2, -2.24409524465858183362e1];

/** c[0] + c[1] x + c[2] x^2 + ..., by Horner's rule. */
function poly(c: readonly number[], x: number): number {
  let v = c[c.length - 1];
  for (let i = c.length - 2; i >= 0; i--) v = v * x + c[i];
  return v;
}

const word = new Float64Array(1);
const words = new Uint32Array(word.buffer);
const LOW = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;

/** x with the low 32 bits of its IEEE 754 representation cleared (fdlibm's SET_LOW_WORD(z, 0)). */
function highWord(x: number): number {
  word[0] = x;
  words[LOW] = 0;
  return word[0];
}

/** The complementary error function for x >= 0 (NaN below). */
export function erfc(x: number): number {
  if (!(x >= 0)) return NaN;
  if (x === Infinity) return 0;
  if (x < 0.84375) {
    if (x < 2 ** -56) return 1 - x;
    const z = x * x;
    const y = poly(PP, z) / poly(QQ, z);
    return x < 0.25 ? 1 - (x + x * y) : 0.5 - (x * y + (x - 0.5));
  }
  if (x < 1.25) {
    const s = x - 1;
    return 1 - ERX - poly(PA, s) / poly(QA, s);
  }
  if (x >= 28) return 0;
  const s = 1 / (x * x);
  const [r, q] = x < 1 / 0.35 ? [poly(RA, s), poly(SA, s)] : [poly(RB, s), poly(SB, s)];
  const z = highWord(x);
  return (Math.exp(-z * z - 0.5625) * Math.exp((z - x) * (z + x) + r / q)) / x;
}

/** P(Z >= z) for a standard normal Z. */
export function normalSf(z: number): number {
  return z >= 0 ? erfc(z / Math.SQRT2) / 2 : 1 - erfc(-z / Math.SQRT2) / 2;
}
