import * as assert from 'node:assert/strict';
import { decodeUtf8, invalidUtf8At, mulberry32, ProblemError } from '../../src/core';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** Random bytes that are mostly near-UTF-8: ASCII, lead bytes of every length, continuation bytes, the edge cases. */
function randomBytes(next: () => number): Uint8Array {
  const interesting = [0x00, 0x0a, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff];
  const length = Math.floor(next() * 12);
  return Uint8Array.from({ length }, () => (next() < 0.5 ? interesting[Math.floor(next() * interesting.length)] : Math.floor(next() * 256)));
}

function refusal(bytes: Uint8Array): ProblemError {
  try {
    decodeUtf8(bytes, 'f.yaml');
  } catch (e) {
    assert.ok(e instanceof ProblemError, String(e));
    return e;
  }
  assert.fail('decoded bytes that are not UTF-8');
}

describe('strict UTF-8', () => {
  it('finds the first bad byte exactly where the WHATWG decoder first fails (property, 20,000 seeded byte strings)', () => {
    const next = mulberry32(12);
    for (let n = 0; n < 20_000; n++) {
      const bytes = randomBytes(next);
      const at = invalidUtf8At(bytes);
      let valid = true;
      try {
        fatal.decode(bytes);
      } catch {
        valid = false;
      }
      assert.equal(at === -1, valid, `bytes ${Buffer.from(bytes).toString('hex')}`);
      if (at >= 0) {
        // The prefix is good, and the lenient decoder puts its first U+FFFD right after it.
        const prefix = fatal.decode(bytes.subarray(0, at));
        assert.equal(lenient.decode(bytes).slice(0, prefix.length + 1), prefix + '\uFFFD', `bytes ${Buffer.from(bytes).toString('hex')}`);
      }
    }
  });

  it('decodes UTF-8 byte for byte (a BOM and a real U+FFFD stay)', () => {
    const text = '\uFEFFid: "café 😀 \uFFFD"\r\n';
    assert.equal(decodeUtf8(Buffer.from(text, 'utf8'), 'f.yaml'), text);
  });

  it('refuses bytes that are not UTF-8 as path:line:col: error: not valid UTF-8, at the first bad byte', () => {
    const e = refusal(Buffer.concat([Buffer.from('id: x\ntask: "caf'), Buffer.from([0xe9]), Buffer.from('"\n')]));
    assert.equal(e.message, 'f.yaml:2:11: error: not valid UTF-8');
    assert.deepEqual(e.problem, { file: 'f.yaml', line: 2, col: 11, severity: 'error', code: 'not-utf8', message: 'not valid UTF-8' });
    // Columns count the editor's units: 'é' is one, '😀' two; CRLF lines count once.
    assert.equal(refusal(Buffer.concat([Buffer.from('a\r\nb\r\né😀'), Buffer.from([0xc0, 0x80])])).message, 'f.yaml:3:4: error: not valid UTF-8');
    assert.equal(refusal(Uint8Array.from([0xff])).message, 'f.yaml:1:1: error: not valid UTF-8');
    // A sequence cut short at the end of the file, a surrogate, an overlong form.
    assert.equal(refusal(Buffer.from([0x61, 0xe2, 0x82])).message, 'f.yaml:1:2: error: not valid UTF-8');
    assert.equal(refusal(Buffer.from([0x0a, 0xed, 0xa0, 0x80])).message, 'f.yaml:2:1: error: not valid UTF-8');
    assert.equal(refusal(Buffer.from([0x0a, 0x0a, 0x20, 0xe0, 0x80, 0xaf])).message, 'f.yaml:3:2: error: not valid UTF-8');
  });
});
