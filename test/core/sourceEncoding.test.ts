// Source files that are not UTF-8 (Latin-1 Python and Java, a PEP 263 declaration) read in their own
// encoding: read as UTF-8, `def pr\xfcfen` parsed as a definition named `fen`, which `new` listed as a
// candidate, a label of the real name was "not defined" and a label of `fen` validated clean, so a
// system answering `prüfen` scored zero. Real git repositories, through the CLI.
import * as assert from 'node:assert/strict';
import { checkCorpusSymbols, loadCorpus, namesAtRevision, RepoSymbols, sourceText } from '../../src/core';
import { run as cliRun } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('source files in Latin-1 and declared encodings', function () {
  this.timeout(120_000);

  it('names their definitions as their language reads them, in symbols, a change\'s symbols and validate', async () => {
    const test = new TestRepo();
    const base = test.commit('base', {
      'kasse.py': latin1('class Kunde:\n    def pr\xfcfen(self, betrag):\n        return betrag > 0\n\n\ndef z\xe4hlen(items):\n    return len(items)\n'),
      // ISO-8859-15's 0xBD is œ (Latin-1 and Windows-1252 read ½): the declaration decides.
      'herz.py': latin1('# -*- coding: iso-8859-15 -*-\ndef c\xbdur():\n    return 1\n'),
      'Konto.java': latin1('class Konto {\n    void \xfcberweisen(int betrag) {\n    }\n}\n'),
      'plain.py': 'def caf\u00e9():\n    return "UTF-8 stays UTF-8"\n',
    });
    const head = test.commit('limit', {
      'kasse.py': latin1('class Kunde:\n    def pr\xfcfen(self, betrag):\n        return betrag > 0 and betrag < 1000\n\n\ndef z\xe4hlen(items):\n    return len(items)\n'),
    });
    const names = async (file: string) => {
      const r = await cliRun(test.dir, 'symbols', '--repo', test.dir, '--rev', base, '--file', file, '--json');
      assert.equal(r.code, 0, r.stderr);
      return (JSON.parse(r.stdout) as { symbol: string }[]).map((s) => s.symbol);
    };
    assert.deepEqual(await names('kasse.py'), ['kasse.Kunde', 'kasse.Kunde.pr\u00fcfen', 'kasse.z\u00e4hlen']);
    assert.deepEqual(await names('herz.py'), ['herz.c\u0153ur']);
    assert.ok((await names('Konto.java')).includes('Konto.Konto.\u00fcberweisen'), JSON.stringify(await names('Konto.java')));
    assert.deepEqual(await names('plain.py'), ['plain.caf\u00e9']);
    const change = await cliRun(test.dir, 'symbols', '--repo', test.dir, '--base', base, '--head', head, '--json');
    assert.deepEqual((JSON.parse(change.stdout) as { symbol: string; change: string }[]).map((s) => [s.symbol, s.change]),
      [['kasse.Kunde.pr\u00fcfen', 'modified']]);

    const corpus = tempDir({
      'repos.yaml': `repos:\n  - name: kasse\n    commit: "${base}"\n    language: [python, java]\n    path: ${JSON.stringify(test.dir)}\n`,
      'tasks/kasse/easy/01-limit.yaml': `id: kasse-easy-01\nrepo: kasse\ndifficulty: easy\ndiff:\n  base: "${base}"\n  head: "${head}"\n`
        + 'task: "Refuse payments over 1000"\nground_truth:\n'
        + '  - {symbol: "kasse.Kunde.pr\u00fcfen", confidence: HIGH, reason: "r"}\n  - {symbol: "herz.c\u0153ur", confidence: MEDIUM, reason: "r"}\n'
        + '  - {symbol: "kasse.Kunde.fen", confidence: MEDIUM, reason: "what UTF-8 made of it"}\n',
    });
    const check = await checkCorpusSymbols(await loadCorpus(corpus, corpus), { cacheDir: false });
    assert.deepEqual(check.problems.map((p) => p.message.replace(/ at diff\.base \w+.*$/, '')), ['`kasse.Kunde.fen` is not defined']);
    assert.equal(check.ground_truth.resolved, 2);
  });

  it('an undeclared Shift-JIS file, read as Windows-1252, is said wherever its names are used: symbols, a change, validate, a run\'s answer', async () => {
    // `def 支払う(amount)` in Shift-JIS, no declaration: Windows-1252 reads any byte, so its name comes out as Latin letters, unflagged.
    const sjis = Buffer.from('def \x8ex\x95\xa5\x82\xa4(amount):\n    return amount\n\n\ndef after():\n    return 1\n', 'latin1');
    const test = new TestRepo();
    const base = test.commit('base', { 'shiharai.py': sjis, 'plain.py': 'def caf\u00e9():\n    return 1\n',
      'declared.py': latin1('# -*- coding: latin-1 -*-\ndef pr\xfcfen():\n    return 1\n') });
    const head = test.commit('head', { 'shiharai.py': Buffer.concat([sjis, Buffer.from('\n\ndef more():\n    return 2\n')]) });
    const said = 'shiharai.py is not UTF-8 and declares no encoding this tool knows: it was read as Windows-1252, so its names with letters beyond ASCII may be wrong';
    const file = await cliRun(test.dir, 'symbols', '--repo', test.dir, '--rev', base, '--file', 'shiharai.py');
    assert.equal(file.code, 0, file.stderr);
    assert.equal(file.stderr, `fixture-lab: warning: ${said}\n`);
    for (const quiet of ['plain.py', 'declared.py']) {
      assert.equal((await cliRun(test.dir, 'symbols', '--repo', test.dir, '--rev', base, '--file', quiet)).stderr, '', `${quiet}: UTF-8 or declared, nothing to say`);
    }
    const change = await cliRun(test.dir, 'symbols', '--repo', test.dir, '--base', base, '--head', head);
    assert.ok(change.stderr.includes(`fixture-lab: warning: ${said} (at base ${base.slice(0, 7)})`), change.stderr);

    const corpus = tempDir({
      'repos.yaml': `repos:\n  - name: pay\n    commit: "${base}"\n    path: ${JSON.stringify(test.dir)}\n`,
      'tasks/pay/easy/01.yaml': `id: pay-easy-01\nrepo: pay\ndifficulty: easy\ncommit: "${base}"\ntask: "Pay"\nground_truth:\n`
        + '  - {symbol: "shiharai.\u652f\u6255\u3046", confidence: HIGH, reason: "r"}\n',
    });
    const check = await checkCorpusSymbols(await loadCorpus(corpus, corpus), { cacheDir: false });
    assert.equal(check.problems.length, 1, JSON.stringify(check.problems));
    assert.match(check.problems[0].message, /^`shiharai\.\u652f\u6255\u3046` is not defined at commit \w+: shiharai\.py is not UTF-8 and declares no encoding this tool knows: it was read as Windows-1252/);
    const symbols = new RepoSymbols({ name: 'pay', path: test.dir } as never, test.dir, { cacheDir: false });
    try {
      const names = await namesAtRevision(symbols.resolver, base, ['shiharai.\u652f\u6255\u3046', 'shiharai.after', 'plain.nothing']);
      assert.deepEqual([names.exist, names.unparsed], [1, [said]], 'a run records it with the answer (names_unparsed)');
    } finally {
      await symbols.close();
    }
  });

  it('decodes UTF-8 as UTF-8, a declared encoding it knows as declared, none or an unknown or false one as Windows-1252', () => {
    assert.equal(sourceText(Buffer.from('def caf\u00e9(): pass\n', 'utf8')), 'def caf\u00e9(): pass\n');
    assert.equal(sourceText(latin1('# coding: latin-1\ndef caf\xe9(): pass\n')), '# coding: latin-1\ndef caf\u00e9(): pass\n');
    assert.equal(sourceText(latin1('# coding=iso-8859-15\nx = "\xa4"\n')), '# coding=iso-8859-15\nx = "\u20ac"\n');
    // ISO-8859-1 as Python reads it (0x80 a C1 control), where Windows-1252, the undeclared guess, reads the euro sign.
    assert.equal(sourceText(latin1('# -*- coding: latin_1 -*-\nx = "\x80"\n')), '# -*- coding: latin_1 -*-\nx = "\u0080"\n');
    assert.equal(sourceText(latin1('x = "\x80\x9f\x81"\n')), 'x = "\u20ac\u0178\u0081"\n');
    assert.equal(sourceText(latin1('# coding: no-such-codec\nx = "\x80"\n')), '# coding: no-such-codec\nx = "\u20ac"\n');
    assert.equal(sourceText(latin1('# coding: utf-8\nx = "\xe9"\n')), '# coding: utf-8\nx = "\u00e9"\n');
    // Only the first two lines declare.
    assert.equal(sourceText(latin1('\n\n# coding: iso-8859-15\nx = "\xa4"\n')), '\n\n# coding: iso-8859-15\nx = "\u00a4"\n');
  });
});
