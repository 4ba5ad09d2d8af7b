import * as assert from 'node:assert/strict';
import { normalizeSymbol, symbolKey, symbolSegments } from '../../src/core';
import { matchName } from '../../src/core/scoring/match';
import { mulberry32 } from '../../src/core/scoring/significance';
import { NormalizeOptions } from '../../src/core/symbols/normalize';

/** normalizeSymbol as first written: every rewrite run on every name. */
function everyRewrite(raw: string, options: NormalizeOptions = {}): string {
  const extension = /\.(?:py|pyi|ts|tsx|mts|cts|js|jsx|mjs|cjs|go|rs|java|cs|rb|kt|scala|php|swift|c|h|cc|cpp|hpp)(?=$|[.:#]|::)/;
  let name = raw.trim().replace(/^[`'"]+|[`'"]+$/g, '').replace(/\\/g, '/');
  name = name.replace(/\(.*\)$/, '');
  const module = options.module?.replace(/[/.]+$/, '');
  if (module && (name.startsWith(module + '/') || name.startsWith(module + '.'))) name = name.slice(module.length + 1);
  name = name.replace(/^\.?\/+/, '');
  const found = extension.exec(name);
  if (found && !(options.keepLastSegment && found.index + found[0].length === name.length)) {
    name = name.slice(0, found.index) + name.slice(found.index + found[0].length);
  }
  name = name.replace(/::|(?<!\.)#|:/g, '.');
  return name.replace(/\.{2,}/g, '.').replace(/^\.|\.$/g, '');
}

describe('symbol normalization', () => {
  const same = (a: string, b: string, module?: string) => assert.equal(symbolKey(a, { module }), symbolKey(b, { module }), `${a} vs ${b}`);

  it('keeps the canonical §5.3 form as it is', () => {
    assert.equal(normalizeSymbol('src/flask/app.Flask.make_response'), 'src/flask/app.Flask.make_response');
    assert.equal(normalizeSymbol('pkg/apis/core/types.PodConditionType'), 'pkg/apis/core/types.PodConditionType');
  });

  it('strips the module prefix named in repos.yaml', () => {
    assert.equal(normalizeSymbol('k8s.io/kubernetes/pkg/kubelet/status.SetPodStatus', { module: 'k8s.io/kubernetes' }), 'pkg/kubelet/status.SetPodStatus');
    assert.equal(normalizeSymbol('k8s.io/kubernetes.pkg', { module: 'k8s.io/kubernetes/' }), 'pkg');
    // A name that merely starts with the same letters keeps them.
    assert.equal(normalizeSymbol('k8s.io/kubernetesx/pkg.A', { module: 'k8s.io/kubernetes' }), 'k8s.io/kubernetesx/pkg.A');
  });

  it('reads ::, #, : and file extensions as other tools write them', () => {
    assert.equal(normalizeSymbol('src/flask/app.py::Flask::make_response'), 'src/flask/app.Flask.make_response');
    assert.equal(normalizeSymbol('lib/jekyll/site.rb#process'), 'lib/jekyll/site.process');
    assert.equal(normalizeSymbol('src/flask/app.py:Flask'), 'src/flask/app.Flask');
    assert.equal(normalizeSymbol('./web/src/api/client.ts'), 'web/src/api/client');
    assert.equal(normalizeSymbol('`shop\\pricing.apply_discount`'), 'shop/pricing.apply_discount');
    assert.equal(normalizeSymbol('shop/pricing.apply_discount(order, code)'), 'shop/pricing.apply_discount');
  });

  it('keeps a TypeScript #private name after a dot: never the public member of the same name', () => {
    assert.equal(normalizeSymbol('source/index.PQueue.#pending'), 'source/index.PQueue.#pending');
    assert.equal(normalizeSymbol('source/index.ts::PQueue.#onInterval'), 'source/index.PQueue.#onInterval');
    assert.notEqual(symbolKey('source/index.PQueue.#pending'), symbolKey('source/index.PQueue.pending'));
    // `#` as another tool's separator is still one.
    assert.equal(normalizeSymbol('source/index.ts#PQueue'), 'source/index.PQueue');
  });

  it('compares / and . spellings of a path as one name, and keeps case', () => {
    same('pkg.apis.core.types.PodConditionType', 'pkg/apis/core/types.PodConditionType');
    same('crate::ops::cargo_compile::compile', 'crate/ops/cargo_compile.compile');
    assert.notEqual(symbolKey('shop/pricing.Apply'), symbolKey('shop/pricing.apply'));
    assert.deepEqual(symbolSegments('internal/store.SQLiteStore.NodesByName'), ['internal', 'store', 'SQLiteStore', 'NodesByName']);
  });

  it('rewrites only where a rewrite can apply, with the same result as running every one (property, seeded)', () => {
    const random = mulberry32(2902);
    const pieces = ['a', 'Cart', 'py', 'h', 'ts', '.', '.', '/', '/', '::', ':', '#', '\\', '`', "'", '"', '(', ')', ' ', '\t', '\n', 'mod', 'x.y'];
    const modules = [undefined, '', 'mod', 'mod/', 'x.y.', 'example.com/mod'];
    for (let i = 0; i < 20000; i++) {
      let raw = '';
      const length = Math.floor(random() * 12);
      for (let k = 0; k < length; k++) raw += pieces[Math.floor(random() * pieces.length)];
      const options: NormalizeOptions = { module: modules[Math.floor(random() * modules.length)], keepLastSegment: random() < 0.3 };
      const normalized = normalizeSymbol(raw, options);
      assert.equal(normalized, everyRewrite(raw, options), JSON.stringify([raw, options]));
      // matchName's segments: the non-empty runs between `/` and `.`.
      const segments = normalized.replace(/\//g, '.').split('.').filter((s) => s.length > 0);
      assert.deepEqual(matchName(raw, options), {
        key: segments.join('.'), segments, path: normalized.lastIndexOf('/') >= 0 && normalized.indexOf('.', normalized.lastIndexOf('/')) < 0,
      });
    }
  });
});
