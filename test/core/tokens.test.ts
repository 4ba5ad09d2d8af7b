import * as assert from 'node:assert/strict';
import { countTokens } from '../../src/core/scoring/tokens';

describe('token counting (tiktoken cl100k_base)', () => {
  it('counts as OpenAI documents for cl100k_base', () => {
    // The OpenAI cookbook's example: "tiktoken is great!" is 6 tokens in cl100k_base.
    assert.equal(countTokens('tiktoken is great!'), 6);
    assert.equal(countTokens(''), 0);
    assert.equal(countTokens('hello world'), 2);
  });

  it('counts special-token text as ordinary text instead of refusing it', () => {
    assert.ok(countTokens('<|endoftext|>') > 1);
  });

  it('loads the encoder once: later calls are fast', () => {
    countTokens('warm');
    const started = performance.now();
    for (let i = 0; i < 200; i++) countTokens(`def f${i}(x): return x + ${i}`);
    assert.ok(performance.now() - started < 500);
  });
});
