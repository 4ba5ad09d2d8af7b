// What an edit does to the file on disk, with real files in temp folders: through symlinks, modes
// kept, read-only refused, CRLF kept, bytes that are not UTF-8 refused and left alone, temp files
// of killed writers cleaned, locks of dead or stuck writers broken, a busy lock reported.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { cli } from '../../src/cli/cli';
import { addLabel, editFile, lockPathOf, mulberry32, readFixture } from '../../src/core';
import { tempCorpus } from '../helpers/tempCorpus';

const BIN = resolve(__dirname, '../../../dist/cli.js');
const FIXTURE = 'id: "demo-easy-01"\nrepo: demo\ntask: "Add a thing"\nground_truth:\n  - {symbol: a/b.C, confidence: HIGH, reason: r}\nlabeler: dana\n';
const PATH = 'tasks/demo/easy/01-a.yaml';
const ADDED = '  - symbol: "a/b.D"\n    confidence: MEDIUM\n    reason: "why"\n';
const ADD = ['label', 'add', PATH, 'a/b.D', '--confidence', 'MEDIUM', '--reason', 'why', '--rater', 'dana'];

async function run(cwd: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await cli(argv, { cwd, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } });
  return { code, stdout, stderr };
}

const corpus = (text = FIXTURE) => {
  const dir = tempCorpus();
  mkdirSync(join(dir, 'tasks/demo/easy'), { recursive: true });
  writeFileSync(join(dir, PATH), text);
  return dir;
};

const withAdded = (text: string) => text.replace('labeler: dana', `${ADDED}labeler: dana`);

/** A pid that certainly belongs to no process now: one that has exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid;

const hidden = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('.')).sort();

describe('edits on disk', () => {
  it('write through a symlink to its target: the link stays a link, the target gets the new text', async () => {
    const dir = corpus();
    const target = join(dir, 'store', 'real.yaml');
    mkdirSync(join(dir, 'store'));
    writeFileSync(target, FIXTURE);
    const link = join(dir, PATH);
    rmSync(link);
    symlinkSync('../../../store/real.yaml', link);
    const r = await run(dir, ...ADD);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(lstatSync(link).isSymbolicLink(), 'the fixture is still a symlink');
    assert.equal(readlinkSync(link), '../../../store/real.yaml');
    assert.equal(readFileSync(target, 'utf8'), withAdded(FIXTURE));
    assert.deepEqual(hidden(join(dir, 'store')), []);
    assert.deepEqual(hidden(join(dir, 'tasks/demo/easy')), []);
  });

  it('keep the file mode (0600 stays 0600, 0640 stays 0640) and refuse a read-only file, leaving it as it was', async () => {
    for (const mode of [0o600, 0o640, 0o755]) {
      const dir = corpus();
      chmodSync(join(dir, PATH), mode);
      assert.equal((await run(dir, ...ADD)).code, 0);
      assert.equal(statSync(join(dir, PATH)).mode & 0o777, mode, `mode ${mode.toString(8)}`);
      assert.equal(readFileSync(join(dir, PATH), 'utf8'), withAdded(FIXTURE));
    }
    const dir = corpus();
    chmodSync(join(dir, PATH), 0o444);
    const r = await run(dir, ...ADD);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `fixture-lab: ${PATH}: is read-only (mode 0444); nothing was written: make it writable (chmod u+w) to change it\n`);
    assert.equal(readFileSync(join(dir, PATH), 'utf8'), FIXTURE);
    assert.equal(statSync(join(dir, PATH)).mode & 0o777, 0o444);
    assert.deepEqual(hidden(join(dir, 'tasks/demo/easy')), []);
  });

  it('keep CRLF in a CRLF file: the inserted lines end in CRLF too, and remove gives the bytes back', async () => {
    const crlf = FIXTURE.replace(/\n/g, '\r\n');
    const dir = corpus(crlf);
    assert.equal((await run(dir, ...ADD)).code, 0);
    assert.equal(readFileSync(join(dir, PATH), 'utf8'), withAdded(FIXTURE).replace(/\n/g, '\r\n'));
    assert.equal((await run(dir, 'label', 'remove', PATH, 'a/b.D', '--rater', 'dana')).code, 0);
    assert.equal(readFileSync(join(dir, PATH), 'utf8'), crlf);
  });

  it('refuse a fixture that is not valid UTF-8 with exactly path:line:col: error: not valid UTF-8, bytes untouched', async () => {
    // A reviewed fixture, so `kappa --write` has an agreement to write too.
    const reviewed = `${FIXTURE}verifier: lee\nlabels:\n  lee:\n    - {symbol: a/b.E, confidence: HIGH, reason: r}\n`;
    /** The text with the byte 0xE9 (Latin-1 'é', never UTF-8 on its own) where `@` is. */
    const latin1At = (text: string) => {
      const [before, after] = text.split('@');
      return Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)]);
    };
    const cases: [Buffer, string][] = [
      [latin1At(reviewed.replace('Add a thing', 'Add a thing@')), '3:19'], // inside a value no edit touches
      [latin1At(reviewed.replace('labeler: dana\n', 'labeler: dana\n# @\n')), '7:3'], // in a comment
      [Buffer.concat([Buffer.from(reviewed), Buffer.from('# caf'), Buffer.from([0xc3])]), '11:6'], // a sequence cut short at the end
    ];
    for (const [content, where] of cases) {
      const dir = corpus();
      writeFileSync(join(dir, PATH), content);
      for (const argv of [ADD, ['label', 'remove', PATH, 'a/b.C', '--rater', 'dana'], ['dispute', 'add', PATH, 'a/b.C', '--resolution', 'excluded', '--rationale', 'x'], ['kappa', PATH, '--write']]) {
        const r = await run(dir, ...argv);
        assert.equal(r.stderr, `${PATH}:${where}: error: not valid UTF-8\n`, argv.join(' '));
        assert.equal(r.code, 1, argv.join(' '));
        assert.ok(readFileSync(join(dir, PATH)).equals(content), `${argv.join(' ')} changed the bytes`);
      }
      assert.deepEqual(hidden(join(dir, 'tasks/demo/easy')), []);
    }
    // The built executable says the same, on stderr, and exits 1.
    const dir = corpus();
    writeFileSync(join(dir, PATH), cases[0][0]);
    const r = spawnSync(process.execPath, [BIN, ...ADD], { cwd: dir, encoding: 'utf8' });
    assert.deepEqual([r.status, r.stdout, r.stderr], [1, '', `${PATH}:3:19: error: not valid UTF-8\n`]);
    assert.ok(readFileSync(join(dir, PATH)).equals(cases[0][0]));
  });

  it('refuse a review start --blind-drafts on a fixture that is not valid UTF-8 before the draft is kept anywhere', async () => {
    const content = Buffer.concat([Buffer.from(FIXTURE.replace('Add a thing', 'Add a thing ')), Buffer.from([0xe9]), Buffer.from('\n')]);
    const dir = corpus();
    writeFileSync(join(dir, PATH), content);
    const r = await run(dir, 'review', 'start', PATH, '--verifier', 'lee', '--blind-drafts');
    assert.deepEqual([r.code, r.stderr], [1, `${PATH}:7:1: error: not valid UTF-8\n`]);
    assert.ok(readFileSync(join(dir, PATH)).equals(content));
    assert.deepEqual(hidden(dir), [], 'no .fixture-lab/blind/ draft was kept');
  });

  it('clean temp files of killed writers on the next write, and only theirs', async () => {
    const dir = corpus();
    const folder = join(dir, 'tasks/demo/easy');
    const dead = `.01-a.yaml.${deadPid()}.0badc0de.tmp`;
    const otherDead = `.02-b.yaml.${deadPid()}.12345678.tmp`;
    const live = `.01-a.yaml.${process.pid}.abcdef01.tmp`;
    const oldLive = `.01-a.yaml.${process.pid}.abcdef02.tmp`;
    const notOurs = ['.01-a.yaml.notapid.abcdef03.tmp', '.keep.tmp', 'notes.txt'];
    for (const name of [dead, otherDead, live, oldLive, ...notOurs]) writeFileSync(join(folder, name), 'half a fixture');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(folder, oldLive), twoHoursAgo, twoHoursAgo);
    assert.equal((await run(dir, ...ADD)).code, 0);
    assert.deepEqual(readdirSync(folder).sort(), ['.01-a.yaml.notapid.abcdef03.tmp', '.keep.tmp', live, '01-a.yaml', 'notes.txt'].sort());
  });

  it('break a lock whose holder died or that is older than any edit, and report a busy one naming the file', async () => {
    const dir = corpus();
    const file = join(dir, PATH);
    const lock = lockPathOf(file);
    const add = (symbol: string, wait?: number) => editFile(file, (t) => addLabel(t, { symbol, confidence: 'HIGH', reason: 'r' }), 'fixture', PATH, { waitMs: wait ?? 2000 });

    // The writer that held it was killed (kill -9): its pid is gone.
    writeFileSync(lock, `${deadPid()} ${hostname()} 0123456789abcdef\n`);
    await add('a/b.Dead');
    assert.deepEqual(hidden(join(dir, 'tasks/demo/easy')), []);

    // A live holder (this process) that is busy: waiters give up after the bound, one line naming the file.
    writeFileSync(lock, `${process.pid} ${hostname()} fedcba9876543210\n`);
    const started = Date.now();
    await assert.rejects(add('a/b.Busy', 300), (e: Error) => {
      assert.equal(e.message, `${PATH}: locked by pid ${process.pid} for over 0 s; nothing was changed: try again, or delete .01-a.yaml.lock beside it if no fixture-lab is running`);
      return true;
    });
    assert.ok(Date.now() - started >= 300);
    assert.doesNotMatch(readFileSync(file, 'utf8'), /Busy/);

    // The same lock an hour old: stale even though its pid lives (a stuck or reused pid).
    const anHourAgo = new Date(Date.now() - 3600_000);
    utimesSync(lock, anHourAgo, anHourAgo);
    await add('a/b.Old');
    assert.match(readFileSync(file, 'utf8'), /a\/b\.Dead[\s\S]*a\/b\.Old/);
    assert.deepEqual(hidden(join(dir, 'tasks/demo/easy')), []);
  });

  it('a lock is never left empty: a writer that cannot write its lock removes it; an empty or unreadable one a few seconds old is stale', async () => {
    const dir = corpus();
    const file = join(dir, PATH);
    const lock = lockPathOf(file);
    // A full disk, as a file-size limit of 0 gives it: the lock is made, its one write fails.
    const full = spawnSync('bash', ['-c', `ulimit -f 0; exec "${process.execPath}" "${BIN}" ${ADD.map((a) => `'${a}'`).join(' ')}`], { cwd: dir, encoding: 'utf8' });
    assert.equal(full.status, 1, full.stderr);
    assert.match(full.stderr, /^fixture-lab: tasks\/demo\/easy\/01-a\.yaml: cannot (lock for writing|write)/);
    assert.deepEqual(hidden(join(dir, 'tasks/demo/easy')), [], 'no empty lock left behind');
    assert.equal(readFileSync(file, 'utf8'), FIXTURE);

    // A writer killed between making its lock and writing it: the lock is empty. Ten seconds on, it is stale.
    writeFileSync(lock, '');
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    utimesSync(lock, tenSecondsAgo, tenSecondsAgo);
    const started = Date.now();
    const r = await run(dir, ...ADD);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(Date.now() - started < 5000, 'not the minute a live holder gets');
    assert.deepEqual(hidden(join(dir, 'tasks/demo/easy')), []);

    // A fresh empty lock is one being made: waited for, and the message names no made-up holder.
    writeFileSync(lock, '');
    await assert.rejects(editFile(file, (t) => addLabel(t, { symbol: 'a/b.E', confidence: 'HIGH', reason: 'r' }), 'fixture', PATH, { waitMs: 300 }),
      (e: Error) => {
        assert.equal(e.message, `${PATH}: locked by another writer for over 0 s; nothing was changed: try again, or delete .01-a.yaml.lock beside it if `
          + 'no fixture-lab is running');
        return true;
      });
    // Stale but impossible to remove (a folder in its place): said to be stale, never "pid 0 on ".
    rmSync(lock);
    mkdirSync(lock);
    utimesSync(lock, tenSecondsAgo, tenSecondsAgo);
    await assert.rejects(editFile(file, (t) => addLabel(t, { symbol: 'a/b.F', confidence: 'HIGH', reason: 'r' }), 'fixture', PATH, { waitMs: 300 }),
      (e: Error) => {
        assert.equal(e.message, `${PATH}: locked by a stale lock (empty or unreadable) that could not be removed; nothing was changed: `
          + 'delete .01-a.yaml.lock beside it');
        return true;
      });
  });

  it('many waiters on a dead writer\'s lock: it is broken safely, and every waiter\'s edit lands (seeded rounds)', async () => {
    const next = mulberry32(5);
    for (let round = 0; round < 10; round++) {
      const dir = corpus();
      const file = join(dir, PATH);
      writeFileSync(lockPathOf(file), `${deadPid()} ${hostname()} 0123456789abcdef\n`);
      const symbols = Array.from({ length: 4 + Math.floor(next() * 12) }, (_, i) => `r${round}/w.S${i}`);
      await Promise.all(symbols.map(async (symbol) => {
        await new Promise((resolve) => setTimeout(resolve, next() * 20));
        await editFile(file, (t) => addLabel(t, { symbol, confidence: 'HIGH', reason: 'r' }), 'fixture', PATH);
      }));
      const labeled = readFixture(readFileSync(file, 'utf8'), PATH).fixture.ground_truth.map((l) => l.symbol);
      assert.equal(labeled.length, symbols.length + 1, 'each label once');
      assert.deepEqual(new Set(labeled), new Set(['a/b.C', ...symbols]));
      assert.deepEqual(hidden(join(dir, 'tasks/demo/easy')), []);
    }
  });

  it('a writer whose lock was taken over while it was stuck writes nothing', async () => {
    const dir = corpus();
    const file = join(dir, PATH);
    const lock = lockPathOf(file);
    // The edit function runs under the lock: another writer breaks it meanwhile (it looked stale).
    await assert.rejects(
      editFile(file, (t) => {
        writeFileSync(lock, `${process.pid} ${hostname()} 00000000000000ff\n`);
        return addLabel(t, { symbol: 'a/b.Late', confidence: 'HIGH', reason: 'r' });
      }, 'fixture', PATH),
      /01-a\.yaml: its lock was taken over by another writer while this one was stuck; nothing was written: run the command again$/,
    );
    assert.equal(readFileSync(file, 'utf8'), FIXTURE);
    // It leaves the other writer's lock alone.
    assert.match(readFileSync(lock, 'utf8'), /00000000000000ff/);
  });
});
