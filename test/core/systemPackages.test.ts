// systems.yaml's `npm:` (docs/scoring.md#installing-a-system-from-npm): one registry package pinned
// to one version, validated at its line; where it installs (the layout test/systems/setup.mjs
// fills, so the suite installs each package once); and a folder without the install's marker is
// never taken for an installed system. The installs themselves are test/cli/systemPackages.test.ts's.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatProblem, packageHome, readSystems, readSystemsFile, resolvePrograms, systemsCacheDir } from '../../src/core';
import { systemNeeds } from '../../src/core/harness/systems';
import { isInstalled, npmInstall } from '../../src/core/io/npmInstall';
import { ROOT } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const entry = (npm: string, type = 'command') => `systems:\n  - name: cg\n    type: ${type}\n    npm: ${npm}\n`
  + (type === 'command' ? '    query: [codegraph, context, "{task}"]\n    parse: {format: lines}\n' : '');
const problemsOf = (text: string) => readSystemsFile(text, 'systems.yaml').problems.map(formatProblem);

describe('systems.yaml `npm:`: the package a system runs, pinned', () => {
  const saved = process.env.FIXTURE_LAB_SYSTEMS;
  afterEach(() => {
    if (saved === undefined) delete process.env.FIXTURE_LAB_SYSTEMS;
    else process.env.FIXTURE_LAB_SYSTEMS = saved;
  });

  it('reads a scoped or plain package at one version; its version is the system\'s unless `version:` says otherwise', () => {
    const [cg] = readSystems(entry('"@colbymchenry/codegraph@1.6.1"'), 'systems.yaml');
    assert.ok(cg.type === 'command');
    assert.deepEqual(cg.npm, { name: '@colbymchenry/codegraph', version: '1.6.1' });
    assert.equal(cg.version, '1.6.1');
    const [nexus] = readSystems(entry('gitnexus@1.6.12-rc.1').replace('    npm:', '    version: "mine 2"\n    npm:'), 'systems.yaml');
    assert.ok(nexus.type === 'command');
    assert.deepEqual([nexus.npm, nexus.version], [{ name: 'gitnexus', version: '1.6.12-rc.1' }, 'mine 2']);
    const mcp = 'systems:\n  - {name: nx, type: mcp, npm: gitnexus@1.6.12, server: [gitnexus, mcp], tool: query}\n';
    assert.deepEqual(readSystems(mcp, 'systems.yaml').map((s) => s.type === 'mcp' && s.npm), [{ name: 'gitnexus', version: '1.6.12' }]);
  });

  it('refuses at its line anything but one registry package at one version: a range, a tag, no version, a URL, a path, a number', () => {
    const expected = (why: string) => `systems.yaml:4:10: error: systems[0] (cg): \`npm\` must be one package on the npm registry pinned to one version, `
      + `e.g. "@colbymchenry/codegraph@1.6.1" or "gitnexus@1.6.12"${why}; no range, tag, git URL, tarball or path`;
    const range = ' (a range or tag installs whatever is newest: pin one version)';
    for (const [pin, why] of [['"gitnexus@^1.6.12"', range], ['gitnexus@latest', range], ['"gitnexus@1.6"', range], ['"gitnexus@>=1.0.0"', range],
      ['gitnexus', ' (no version: pin one)'], ['"@colbymchenry/codegraph"', ' (no version: pin one)'],
      ['"github:abhigyanpatwari/gitnexus#v1.6.12"', ''], ['./tools/gitnexus-1.6.12.tgz', ''],
      ['"gitnexus@https://example.com/g.tgz"', ''], ['"GitNexus@1.6.12"', ''], ['1.6', '']]) {
      assert.deepEqual(problemsOf(entry(pin)), [expected(why)], pin);
    }
    // A baseline runs no program: `npm` is another type's key, said as such.
    assert.match(problemsOf('systems:\n  - {name: g, type: grep, npm: gitnexus@1.6.12}\n')[0],
      /unknown key `npm` for a grep system \(`npm` is for command and mcp systems\)/);
  });

  it('installs into FIXTURE_LAB_SYSTEMS, else the user\'s cache folder, one folder per package and version, a scope a folder', () => {
    process.env.FIXTURE_LAB_SYSTEMS = '/somewhere/systems';
    assert.equal(systemsCacheDir(), '/somewhere/systems');
    assert.equal(packageHome({ name: '@colbymchenry/codegraph', version: '1.6.1' }), '/somewhere/systems/@colbymchenry/codegraph-1.6.1');
    assert.equal(packageHome({ name: 'gitnexus', version: '1.6.12' }, '/c'), '/c/gitnexus-1.6.12');
    delete process.env.FIXTURE_LAB_SYSTEMS;
    assert.match(systemsCacheDir(), /[/\\]fixture-lab[/\\]systems$/);
  });

  it('the tests\' installs (test/systems/setup.mjs) are where `npm:` installs, at the pins corpus/systems.yaml\'s entries name', async () => {
    const setup = join(ROOT, 'test/systems/setup.mjs');
    const { SYSTEMS, systemDir } = (await import(setup)) as {
      SYSTEMS: Record<string, { package: string; version: string }>; systemDir: (name: string) => string };
    const cache = join(ROOT, '.cache', 'systems');
    for (const [name, s] of Object.entries(SYSTEMS)) assert.equal(systemDir(name), packageHome({ name: s.package, version: s.version }, cache), name);
    const uncommented = readFileSync(join(ROOT, 'corpus/systems.yaml'), 'utf8').replace(/^ {2}# ( {2}|- )/gm, '  $1');
    const pins = readSystems(uncommented, 'corpus/systems.yaml').flatMap((s) => ((s.type === 'command' || s.type === 'mcp') && s.npm ? [s.npm] : []));
    assert.deepEqual([...new Set(pins.map((p) => `${p.name}@${p.version}`))].sort(),
      Object.values(SYSTEMS).map((s) => `${s.package}@${s.version}`).sort());
  });

  it('an install another live process is staging is waited for, not raced with a second npm; its finished install is used', async () => {
    const cache = tempDir();
    const home = packageHome({ name: 'fixture-lab-no-such-package', version: '0.0.1' }, cache);
    // The other installer: a live process whose pid names the staged folder.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const staging = `${home}.installing-${other.pid}`;
      mkdirSync(join(staging, 'node_modules'), { recursive: true });
      let settled = false;
      // npm would fail on this package (it is on no registry): resolving at all proves npm never ran.
      const waited = npmInstall(home, ['fixture-lab-no-such-package@0.0.1']).finally(() => (settled = true));
      await new Promise((done) => setTimeout(done, 1500));
      assert.equal(settled, false, 'still waiting while the other install is under way');
      writeFileSync(join(staging, 'installed'), 'fixture-lab-no-such-package@0.0.1\n');
      renameSync(staging, home);
      await waited;
      assert.ok(isInstalled(home));
    } finally {
      other.kill();
    }
  });

  it('a package folder without its `installed` marker (an install killed half way) is not installed: the program stays as written until one finishes', () => {
    const cache = tempDir();
    process.env.FIXTURE_LAB_SYSTEMS = cache;
    const home = packageHome({ name: '@colbymchenry/codegraph', version: '1.6.1' }, cache);
    const bin = join(home, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'codegraph'), '#!/bin/sh\necho half\n');
    chmodSync(join(bin, 'codegraph'), 0o755);
    const [spec] = readSystems(entry('"@colbymchenry/codegraph@1.6.1"'), 'systems.yaml');
    const half = resolvePrograms(spec, tempDir());
    assert.ok(half.type === 'command');
    assert.equal(half.query[0], 'codegraph', 'never the half-installed program, nor another on PATH');
    assert.equal(half.env, undefined);
    writeFileSync(join(home, 'installed'), '@colbymchenry/codegraph@1.6.1\n');
    const whole = resolvePrograms(spec, tempDir());
    assert.ok(whole.type === 'command');
    assert.equal(whole.query[0], join(bin, 'codegraph'));
    assert.equal(whole.env?.PATH?.split(':')[0], bin, 'the package\'s programs first on the system\'s PATH');
    assert.deepEqual(resolvePrograms(whole, tempDir()), whole, 'resolving again changes nothing');
    // A program the installed package does not have is named with the ones it has.
    const [typo] = readSystems(entry('"@colbymchenry/codegraph@1.6.1"').replace('[codegraph, context', '[codegrap, context'), 'systems.yaml');
    const corpus = tempDir();
    assert.deepEqual(systemNeeds(resolvePrograms(typo, corpus), corpus),
      ['system cg: `codegrap` is neither a program of @colbymchenry/codegraph@1.6.1 (it has codegraph) nor on PATH']);
  });
});
