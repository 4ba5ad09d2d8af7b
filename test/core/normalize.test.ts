import * as assert from 'node:assert/strict';
import { normalizeSymbol, symbolKey, symbolSegments } from '../../src/core';

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

  it('compares / and . spellings of a path as one name, and keeps case', () => {
    same('pkg.apis.core.types.PodConditionType', 'pkg/apis/core/types.PodConditionType');
    same('crate::ops::cargo_compile::compile', 'crate/ops/cargo_compile.compile');
    assert.notEqual(symbolKey('shop/pricing.Apply'), symbolKey('shop/pricing.apply'));
    assert.deepEqual(symbolSegments('internal/store.SQLiteStore.NodesByName'), ['internal', 'store', 'SQLiteStore', 'NodesByName']);
  });
});
