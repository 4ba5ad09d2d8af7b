// The first `npm start` (and the first real-VS-Code test run) installs code-server, about two
// minutes of npm work that printed nothing (issue 17): test/vscode/setup.mjs now says what it
// installs and how long it takes before it begins. Run for real into a temporary cache, with an
// `npm` on PATH that fails at once, so nothing is fetched.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const installed = (name: string) => spawnSync('dpkg-query', ['-W', '-f=${db:Status-Status}', name], { encoding: 'utf8' }).stdout === 'installed';

describe('setup of the real-VS-Code tests', () => {
  it('says what it installs, and that it takes about two minutes, before the install begins', function () {
    // Without them setup would install Debian packages first (apt-get, network): not here.
    if (!['chromium', 'ripgrep', 'libkrb5-dev'].every(installed)) this.skip();
    const dir = tempDir();
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "npm: no registry in this test" >&2\nexit 1\n', { mode: 0o755 });
    const cache = join(dir, 'cache');
    const run = spawnSync(process.execPath, [join(ROOT, 'test', 'vscode', 'setup.mjs')], {
      encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, FIXTURE_LAB_CODE_SERVER_CACHE: cache },
    });
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(run.stdout.trim().split('\n'), [`setup: installing code-server 4.100.3 into ${cache} (first run only, about two minutes)\u2026`]);
    assert.match(run.stderr, /^setup: npm install --prefix .* failed \(exit 1\)\nnpm: no registry in this test/);
  });
});
