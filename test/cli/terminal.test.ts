// The terminal is a sink for untrusted text: a fixture's symbols, reasons and task, a rater's
// name, a repository's file names and a system's output reach it through every command. As a
// property over seeded hostile corpora (escape sequences: colours, screen clears, OSC 8 links,
// OSC 52 clipboard writes, window titles; C1 controls; CR, BS, DEL; bidi controls): no line any
// command prints holds an ESC, a C1 or another C0 control but tab, nor a bidi control; each is
// shown as its escape. The executable's own streams are checked too.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mulberry32, readFixture, terminalText } from '../../src/core';
import { run } from '../helpers/cli';
import { demoCorpus } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const BIN = resolve(__dirname, '../../../dist/cli.js');

/** What a terminal acts on: C0 but tab and newline, DEL, C1; and the bidi controls, which reorder what is shown. */
const ACTS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const PIECES = [
  '\u001B[2J\u001B[H', '\u001B[31mred\u001B[0m', '\u001B]8;;https://evil.example/\u0007click me\u001B]8;;\u0007', '\u001B]52;c;cm0gLXJmIH4K\u0007',
  '\u001B]0;owned\u0007', '\u001BP+q\u001B\\', '\u001B', '\u009B31m', '\u009D0;title\u009C', '\u0085', '\u0090', '\u009F', '\r', '\b\b\b', '\u007F', '\u0007',
  '\u000B', '\u000C', '\u0000', '\u202E', '\u2066', '\u200F', '\t', 'shop/cart.Cart', 'fmt', ' ', 'é', '名前', '\\', '"', ':',
];

function hostile(random: () => number, max = 8): string {
  let out = '';
  const n = 1 + Math.floor(random() * max);
  for (let i = 0; i < n; i++) out += PIECES[Math.floor(random() * PIECES.length)];
  return out;
}

/** A YAML double-quoted scalar holding exactly `text`: every control written as an escape YAML reads back. */
function yamlString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** Every line printed is inert; returns the output so callers can check hostile text did reach it. */
function inert(what: string, r: { stdout: string; stderr: string }): string {
  for (const [stream, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const) {
    text.split('\n').forEach((line, i) => {
      const found = ACTS.exec(line);
      assert.equal(found, null, `${what}: ${stream} line ${i + 1} holds U+${found?.[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}: ${JSON.stringify(line)}`);
    });
  }
  return r.stdout + r.stderr;
}

describe('cli: untrusted text reaches the terminal inert', function () {
  this.timeout(180_000);

  it('terminalText shows each control as its escape, keeps tab and newline, and is lossless inside JSON strings (seeded)', () => {
    assert.equal(terminalText('a\u001B[31mb\u009Bc\r\u202Ed\te\n'), 'a\\u001B[31mb\\u009Bc\\u000D\\u202Ed\te\n');
    const random = mulberry32(5);
    for (let i = 0; i < 500; i++) {
      const text = hostile(random, 16);
      const shown = terminalText(text);
      for (const line of shown.split('\n')) assert.doesNotMatch(line, ACTS, JSON.stringify(text));
      // JSON output stays the same data: the escape is JSON's own.
      assert.equal(JSON.parse(terminalText(JSON.stringify({ text }))).text, text, JSON.stringify(text));
    }
  });

  it('property: over seeded hostile corpora, no line of any command holds an ESC, C1 or other control', async () => {
    const systemOutput = join(tempDir(), 'hostile-system.mjs');
    for (const seed of [1, 2, 3]) {
      const random = mulberry32(seed);
      const h = () => hostile(random);
      const corpus = demoCorpus();
      const demoPath = join(corpus, 'tasks/bookshop/easy/02-price-currency.yaml');
      const demo = readFixture(readFileSync(demoPath, 'utf8'), demoPath).fixture;
      // Hostile fixtures: labeled, reviewed, disputed; every free text and name from the generator.
      const [labeler, verifier, symbol] = [h(), h(), `web/src/${h()}`];
      const list = (n: number) => Array.from({ length: n }, (_, i) => `  - symbol: ${yamlString(i === 0 ? symbol : `web/src/${h()}`)}\n    confidence: ${i % 2 ? 'MEDIUM' : 'HIGH'}\n    reason: ${yamlString(h())}\n`).join('');
      const F = 'tasks/bookshop/easy/91-hostile.yaml';
      writeFileSync(join(corpus, F), `id: "bookshop-easy-91"\nrepo: bookshop\ndifficulty: easy\ndiff:\n  base: "${demo.diff!.base}"\n  head: "${demo.diff!.head}"\ntask: ${yamlString(h())}\ncandidates:\n  - ${yamlString(`web/src/${h()}`)}\nground_truth:\n${list(3)}labeler: ${yamlString(labeler)}\ntags: [${yamlString(h())}]\n`);
      writeFileSync(join(corpus, 'tasks/bookshop/easy/92-reviewed.yaml'), `id: "bookshop-easy-92"\nrepo: bookshop\ndifficulty: easy\ndiff:\n  base: "${demo.diff!.base}"\n  head: "${demo.diff!.head}"\ntask: ${yamlString(h())}\nground_truth:\n${list(2)}labeler: ${yamlString(labeler)}\nverifier: ${yamlString(verifier)}\nlabels:\n  ${yamlString(labeler)}:\n${list(2).replace(/^/gm, '  ')}  ${yamlString(verifier)}:\n${list(2).replace(/^/gm, '  ')}agreement: 0.5\ndisputes:\n  - symbol: ${yamlString(`web/src/${h()}`)}\n    resolution: excluded\n    rationale: ${yamlString(h())}\n`);
      // A command system whose answers, errors and exit are hostile text.
      writeFileSync(systemOutput, `process.stdout.write(${JSON.stringify(`${h()}\nweb/src/${h()}\n`)}); process.stderr.write(${JSON.stringify(h())}); process.exit(process.argv[2].length % 2);\n`);
      writeFileSync(join(corpus, 'systems.yaml'), `systems:\n  - name: hostile\n    type: command\n    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(systemOutput)}, "{task}"]\n    parse: {format: lines}\n`);
      // A repository whose file names and definitions are hostile.
      const repo = new TestRepo();
      const file = `pkg/${h().replace(/[/\u0000]/g, '')}.py`;
      const base = repo.commit('base', { [file]: 'def plain():\n    return 1\n' });
      const head = repo.commit('head', { [file]: `def plain():\n    return 2\n\n\ndef added():\n    """${h().replace(/"/g, '')}"""\n    return plain()\n` });

      const outputs: string[] = [];
      const each = async (...argv: string[]) => outputs.push(inert(`seed ${seed}: ${argv.map((a) => JSON.stringify(a)).join(' ')}`, await run(corpus, ...argv)));
      await each('validate');
      await each('validate', '--json');
      await each('validate', '--no-resolve');
      await each('kappa', 'tasks');
      await each('kappa', 'tasks', '--json');
      await each('report');
      await each('label', 'add', F, `web/src/${h()}`, '--confidence', 'HIGH', '--reason', h(), '--rater', labeler);
      await each('label', 'add', F, symbol, '--confidence', 'HIGH', '--reason', h(), '--rater', h());
      await each('review', 'start', F, '--verifier', verifier);
      await each('label', 'add', F, symbol, '--confidence', 'MEDIUM', '--reason', h(), '--rater', verifier);
      await each('review', 'finish', F);
      await each('review', 'settle', F, symbol, '--resolution', 'included', '--rationale', h());
      await each('dispute', 'add', F, `web/src/${h()}`, '--resolution', 'included', '--confidence', 'MEDIUM', '--unjudged', '--rationale', h());
      await each('label', 'remove', F, `web/src/${h()}`, '--rater', h());
      await each('new', '--repo', 'bookshop', '--base', demo.diff!.base, '--head', demo.diff!.head, '--task', h(), '--id', 'bookshop-easy-93');
      await each('symbols', '--repo', repo.dir, '--base', base, '--head', head);
      await each('symbols', '--repo', repo.dir, '--base', base, '--head', head, '--json');
      await each('symbols', '--repo', repo.dir, '--rev', head, '--file', file);
      await each('candidates', '--repo', repo.dir, '--base', base, '--head', head);
      await each('run', '--tasks', 'bookshop-easy-0*', '--budget', '5000', '--out', 'results/hostile');
      await each(h());
      await each('label', 'add', F, 'a', 'b', h());
      await each('kappa', join('tasks', h()));
      // The hostile text reached the terminal, escaped.
      assert.match(outputs.join(''), /\\u001B/, `seed ${seed}: an escaped ESC was printed`);
    }
  });

  it('the executable: an unknown command and a failing label add print inert lines', () => {
    const dir = tempDir();
    const r = spawnSync(process.execPath, [BIN, '\u001B]52;c;cm0gLXJmIH4K\u0007\u009B2J'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 2);
    inert('unknown command', { stdout: r.stdout, stderr: r.stderr });
    assert.match(r.stderr, /^fixture-lab: unknown command `\\u001B\]52;c;cm0gLXJmIH4K\\u0007\\u009B2J`\n/);
    const missing = spawnSync(process.execPath, [BIN, 'label', 'add', 'tasks/\u001B[2J.yaml', 'a.b', '--confidence', 'HIGH', '--reason', 'r', '--rater', 'x'], { cwd: dir, encoding: 'utf8' });
    assert.equal(missing.status, 1);
    inert('missing fixture', { stdout: missing.stdout, stderr: missing.stderr });
    assert.match(missing.stderr, /\\u001B\[2J/);
  });
});
