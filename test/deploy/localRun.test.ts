// Every shard and the merge of deploy/'s manifests, run here on the demo corpus exactly as the
// manifests say, each shard its own process of the built CLI (dist/cli.js, package.json's bin):
// the workflow's jobs one after another on a fresh checkout each (its artifacts carried between
// them as upload/download-artifact do), the indexed Job's pods at once on one shared folder (the
// volume). Both merged runs must equal one unsharded run byte for byte, the times aside.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import {
  Contexts, DOCKERFILE, entrypoint, interpolate, job, matrixRuns, MERGE_JOB, read, SHARDS_JOB, workflow, WorkflowStep,
} from '../helpers/deploy';
import { assertSameRun } from '../helpers/runFolders';
import { tempDir } from '../helpers/tempDir';

/** The steps that install fixture-lab and prepare the corpus: this test's machine has done them (node esbuild.mjs, corpus/build-demo.mjs). */
const PREPARED = ['actions/checkout@v4', 'actions/setup-node@v4', 'npm ci && npm link', 'node corpus/build-demo.mjs'];

interface Exit { code: number | null; output: string }

/** A process as a runner or a pod starts it: `fixture-lab` on PATH is the built CLI. */
function spawned(argv: string[], cwd: string, env: Record<string, string>, bin: string): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { cwd, env: { ...process.env, ...env, PATH: `${bin}${delimiter}${process.env.PATH}` } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('deploy/: every shard and the merge the manifests describe, run here', function () {
  this.timeout(900_000);
  let bin: string;
  let corpus: string;
  // One folder stands for the runner's checkout and for the volume: run.json records the corpus's
  // path, which is the same on every runner of a workflow (and every pod of a volume).
  let work: string;
  let kept: string;
  let whole: string;

  /** The checkout (or volume) afresh: the corpus and nothing else. */
  function freshCheckout(): void {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work);
    cpSync(corpus, join(work, 'corpus'), { recursive: true });
  }

  /** Runs a step's shell script as the runner does (bash -e), in the checkout; a non-zero exit fails the test with the output. */
  async function shell(script: string): Promise<void> {
    const r = await spawned(['bash', '-e', '-c', script], work, {}, bin);
    assert.equal(r.code, 0, `${script}\n${r.output}`);
  }

  before(() => {
    assert.ok(existsSync(join(ROOT, 'dist/cli.js')), 'node esbuild.mjs first');
    bin = tempDir();
    // What `npm link` / the image's symlink puts on PATH: package.json's bin, run by Node.
    const cli = join(ROOT, JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin['fixture-lab'] as string);
    writeFileSync(join(bin, 'fixture-lab'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} "$@"\n`);
    chmodSync(join(bin, 'fixture-lab'), 0o755);
    corpus = demoCorpus(read(join(ROOT, 'corpus/systems.yaml')));
    const root = tempDir();
    work = join(root, 'work');
    kept = join(root, 'kept');
    mkdirSync(kept);
  });

  before('the unsharded run the shards split: the shard step\'s command without --shard', async () => {
    const { jobs } = workflow();
    const step = jobs.shard.steps.find((s) => s.run?.startsWith('fixture-lab run '));
    assert.ok(step?.run);
    const unsharded = interpolate(step.run, matrixRuns(jobs.shard)[0]).replace(/ --shard \S+/, '').replace(/ --out \S+/, ' --out whole');
    assert.doesNotMatch(unsharded, /shard/);
    freshCheckout();
    await shell(unsharded);
    whole = join(kept, 'whole');
    renameSync(join(work, 'whole'), whole);
  });

  it('GitHub Actions: each matrix job on a fresh checkout, its artifact uploaded; the merge job downloads them all and merges', async () => {
    const { jobs } = workflow();
    assert.deepEqual(jobs.merge.needs, 'shard');
    const artifacts = join(kept, 'artifacts');
    mkdirSync(artifacts);
    const runJob = async (steps: WorkflowStep[], contexts: Contexts) => {
      freshCheckout();
      for (const step of steps) {
        const uses = step.uses ?? '';
        const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), contexts)]));
        if (PREPARED.includes(uses) || PREPARED.includes(step.run ?? '')) continue;
        if (step.run) {
          assert.match(step.run, /^fixture-lab /, `a step this test does not know: ${step.run}`);
          await shell(interpolate(step.run, contexts));
        } else if (uses.startsWith('actions/upload-artifact@')) {
          assert.ok(!existsSync(join(artifacts, inputs.name)), `artifact ${inputs.name} uploaded twice`);
          // upload-artifact@v4 leaves hidden files out unless include-hidden-files: a run folder must not need one.
          assert.equal(inputs['include-hidden-files'], undefined);
          cpSync(join(work, inputs.path), join(artifacts, inputs.name), { recursive: true, filter: (from) => !basename(from).startsWith('.') });
        } else if (uses.startsWith('actions/download-artifact@')) {
          // Without merge-multiple, each artifact matching the pattern lands in path/<its name>/.
          const pattern = new RegExp(`^${inputs.pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
          for (const name of readdirSync(artifacts).filter((n) => pattern.test(n))) {
            cpSync(join(artifacts, name), join(work, inputs.path, name), { recursive: true });
          }
        } else assert.fail(`an action this test does not know: ${uses}`);
      }
    };
    const shards = matrixRuns(jobs.shard);
    for (const contexts of shards) await runJob(jobs.shard.steps, contexts);
    assert.deepEqual(readdirSync(artifacts).sort(), shards.map((c) => `shard-${c.matrix.shard}`).sort());
    await runJob(jobs.merge.steps, matrixRuns(jobs.merge)[0]);
    assert.ok(existsSync(join(artifacts, 'fixture-lab-run')), 'the merged run is uploaded');
    const merged = JSON.parse(readFileSync(join(artifacts, 'fixture-lab-run', 'run.json'), 'utf8'));
    assert.equal(merged.shard, undefined);
    for (const c of shards) {
      const info = JSON.parse(readFileSync(join(artifacts, `shard-${c.matrix.shard}`, 'run.json'), 'utf8'));
      assert.deepEqual(info.shard, { index: c.matrix.shard, count: shards.length });
    }
    assertSameRun(join(artifacts, 'fixture-lab-run'), whole);
  });

  it('Kubernetes: the indexed Job\'s pods at once on the volume, I = JOB_COMPLETION_INDEX + 1, then the merge Job through the image\'s entrypoint', async () => {
    const shards = job(read(SHARDS_JOB));
    const merge = job(read(MERGE_JOB));
    const spec = shards.spec!;
    const [container] = spec.template.spec!.containers;
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value ?? '']));
    freshCheckout();
    // Pods start `parallelism` at a time, in index order; each gets its index as Kubernetes gives it.
    const indexes = Array.from({ length: spec.completions! }, (_, k) => k);
    const exits: Exit[] = [];
    for (let at = 0; at < indexes.length; at += spec.parallelism!) {
      exits.push(...await Promise.all(indexes.slice(at, at + spec.parallelism!).map((k) =>
        spawned([...container.command!, ...container.args!], work, { ...env, JOB_COMPLETION_INDEX: String(k) }, bin))));
    }
    exits.forEach((r, k) => assert.equal(r.code, 0, `pod ${k}: ${r.output}`));
    for (const k of indexes) {
      const info = JSON.parse(readFileSync(join(work, 'shards', `shard-${k + 1}`, 'run.json'), 'utf8'));
      assert.deepEqual(info.shard, { index: k + 1, count: spec.completions });
    }
    const [mergeContainer] = merge.spec!.template.spec!.containers;
    const r = await spawned([...(mergeContainer.command ?? entrypoint(read(DOCKERFILE))), ...mergeContainer.args!], work, {}, bin);
    assert.equal(r.code, 0, r.output);
    assert.match(r.output, new RegExp(`^merged ${spec.completions} folders: `));
    assertSameRun(join(work, 'run-merged'), whole);
  });
});
