import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '../../src/cli/commands';
import { parseShard } from '../../src/core';
import { ROOT } from '../helpers/demoCorpus';
import {
  DOCKERFILE, dockerfileProblems, entrypoint, finalBase, interpolate, job, kubernetesObjects, matrixRuns, MERGE_JOB, PVC, read, SHARDS_JOB,
  workflow, WORKFLOW, workflowErrors,
} from '../helpers/deploy';

/** A `fixture-lab …` command line's words (the manifests quote with "…" only). */
function words(line: string): string[] {
  return (line.match(/"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^"|"$/g, ''));
}

/** The command is one the CLI has, and every flag it gives is one that command's usage names. */
function assertRealInvocation(argv: string[]): void {
  const [name, ...rest] = argv;
  const command = COMMANDS[name];
  assert.ok(command, `fixture-lab ${name} is no command`);
  for (const flag of rest.filter((a) => a.startsWith('--'))) {
    assert.ok(command.usage.includes(`[${flag} `) || command.usage.includes(`${flag} `) || command.usage.includes(`[${flag}]`), `${name} has no ${flag}`);
  }
}

/** The value after `flag` in argv. */
function option(argv: string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i < 0 ? undefined : argv[i + 1];
}

describe('deploy/: the GitHub Actions workflow', () => {
  it('is a valid workflow for @actions/workflow-parser (schema, expressions, needs), and a broken copy is not', async () => {
    const content = read(WORKFLOW);
    assert.deepEqual(await workflowErrors(content), []);
    const broken: [string, string, RegExp][] = [
      ['runs-on: ubuntu-latest', 'runs-onn: ubuntu-latest', /Unexpected value 'runs-onn'/],
      ['needs: shard', 'needs: shards', /depends on unknown job 'shards'/],
      ['${{ matrix.shard }}/', '${{ matrix.shard }/', /Unexpected symbol/],
    ];
    for (const [from, to, expected] of broken) {
      assert.ok(content.includes(from), from);
      const errors = await workflowErrors(content.replace(from, to));
      assert.ok(errors.some((e) => expected.test(e)), `${to}: ${errors.join('; ')}`);
    }
  });

  it('runs shard I of N in each matrix job, N the matrix\'s size, and uploads the folder it wrote under a name the merge job downloads', () => {
    const { jobs } = workflow();
    const runs = matrixRuns(jobs.shard);
    assert.ok(runs.length >= 2, 'at least two shards');
    assert.deepEqual(runs.map((c) => c.matrix.shard), runs.map((_, i) => i + 1), 'the matrix lists 1 to N');
    const download = jobs.merge.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    assert.ok(download?.with, 'the merge job downloads the artifacts');
    const pattern = new RegExp(`^${String(download.with.pattern).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    for (const contexts of runs) {
      const commands = jobs.shard.steps.filter((s) => s.run?.startsWith('fixture-lab ')).map((s) => words(interpolate(s.run!, contexts)).slice(1));
      assert.equal(commands.length, 1, 'one fixture-lab step per shard job');
      const [argv] = commands;
      assertRealInvocation(argv);
      assert.equal(argv[0], 'run');
      assert.deepEqual(parseShard(option(argv, '--shard') ?? ''), { index: contexts.matrix.shard, count: runs.length });
      const upload = jobs.shard.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
      assert.equal(interpolate(String(upload?.with?.path), contexts), option(argv, '--out'), 'uploads the shard\'s --out');
      const name = interpolate(String(upload?.with?.name), contexts);
      assert.match(name, pattern, 'the merge job downloads it');
      // download-artifact puts each artifact in path/<name>/: the merge must name that folder.
      const merge = jobs.merge.steps.find((s) => s.run?.startsWith('fixture-lab merge'));
      assert.ok(merge?.run);
      const mergeArgs = words(merge.run).slice(1);
      assertRealInvocation(mergeArgs);
      const folders = mergeArgs.slice(1).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--')).slice(1);
      const shardFolder = `${download.with.path}/${name}`;
      assert.ok(folders.some((f) => new RegExp(`^${f.replace(/\*/g, '[^/]*')}$`).test(shardFolder)), `${folders.join(' ')} covers ${shardFolder}`);
    }
  });

  it('refuses to evaluate an expression naming a value the job does not have (a typo is not an empty string)', () => {
    assert.equal(interpolate('--shard ${{ matrix.shard }}/${{ strategy.job-total }}', { matrix: { shard: 2 }, strategy: { 'job-total': 4 } }), '--shard 2/4');
    assert.throws(() => interpolate('--shard ${{ matrix.shadr }}/4', { matrix: { shard: 2 } }), /names nothing/);
  });
});

describe('deploy/: the Kubernetes manifests', () => {
  it('validate against the Kubernetes API schema with kubernetes-models, and broken copies do not', () => {
    const pvc = kubernetesObjects(read(PVC));
    assert.deepEqual(pvc.map((o) => o.kind), ['PersistentVolumeClaim']);
    assert.equal(job(read(SHARDS_JOB)).kind, 'Job');
    assert.equal(job(read(MERGE_JOB)).kind, 'Job');
    const broken: [string, string, string, RegExp][] = [
      [SHARDS_JOB, 'completionMode: Indexed', 'completionMode: Indexd', /completionMode must be equal to one of the allowed values/],
      [SHARDS_JOB, 'completions: 4', 'completions: four', /completions must be integer/],
      [MERGE_JOB, 'restartPolicy: Never', 'restartPolicy: [Never]', /restartPolicy must be string/],
      [PVC, '    - ReadWriteMany', '    ReadWriteMany: true', /accessModes must be array/],
    ];
    for (const [file, from, to, expected] of broken) {
      const content = read(file);
      assert.ok(content.includes(from), from);
      assert.throws(() => kubernetesObjects(content.replace(from, to)), expected, to);
    }
  });

  it('runs shard JOB_COMPLETION_INDEX + 1 of `completions` in each pod, on the claimed volume, and merges shards 1 to N there', () => {
    const shards = job(read(SHARDS_JOB));
    const merge = job(read(MERGE_JOB));
    const [pvc] = kubernetesObjects(read(PVC));
    const spec = shards.spec!;
    const n = spec.completions!;
    assert.equal(spec.completionMode, 'Indexed');
    assert.ok(n >= 2 && spec.parallelism! >= 1 && spec.parallelism! <= n);
    const [container] = spec.template.spec!.containers;
    assert.equal(container.env?.find((e) => e.name === 'SHARDS')?.value, String(n), 'SHARDS is `completions`');
    const script = [...(container.command ?? []), ...(container.args ?? [])].join('\n');
    assert.match(script, /^I=\$\(\(JOB_COMPLETION_INDEX \+ 1\)\)$/m);
    const line = script.split('\n').find((l) => l.startsWith('exec fixture-lab '));
    assert.ok(line, script);
    const argv = words(line).slice(2);
    assertRealInvocation(argv);
    assert.equal(option(argv, '--shard'), '$I/$SHARDS');
    assert.equal(option(argv, '--out'), 'shards/shard-$I');
    const [mergeContainer] = merge.spec!.template.spec!.containers;
    assert.equal(mergeContainer.command, undefined, 'the merge runs the image\'s entrypoint');
    const mergeArgs = mergeContainer.args!;
    assertRealInvocation(mergeArgs);
    assert.deepEqual(mergeArgs.slice(-n), Array.from({ length: n }, (_, i) => `shards/shard-${i + 1}`), 'merges every shard\'s --out');
    assert.equal(mergeContainer.image, container.image, 'one image');
    for (const j of [shards, merge]) {
      const pod = j.spec!.template.spec!;
      const [c] = pod.containers;
      const mount = c.volumeMounts?.find((m) => m.mountPath === c.workingDir);
      assert.ok(mount, `${j.metadata?.name} works in the shared volume`);
      assert.equal(pod.volumes?.find((v) => v.name === mount.name)?.persistentVolumeClaim?.claimName, pvc.metadata?.name);
      assert.equal(pod.restartPolicy, 'Never');
    }
    assert.ok((pvc as { spec?: { accessModes?: string[] } }).spec?.accessModes?.includes('ReadWriteMany'), 'pods on several nodes mount it at once');
  });
});

describe('deploy/: the Dockerfile', () => {
  it('has no problem dockerfile-utils finds, and a broken copy has', () => {
    const content = read(DOCKERFILE);
    assert.deepEqual(dockerfileProblems(content), []);
    assert.ok(dockerfileProblems(content.replace('WORKDIR /data', 'WORKDIR data')).some((p) => /WORKDIR paths should be absolute/.test(p)));
    assert.ok(dockerfileProblems(`${content}ENTRYPOINT ["node"]\n`).some((p) => /only be one ENTRYPOINT/.test(p)));
    assert.ok(dockerfileProblems(content.replace('FROM node:20 AS build', 'FROM node:20 AS')).length > 0);
  });

  it('is node:20 with package.json\'s bin on PATH as `fixture-lab`, its entrypoint', () => {
    const content = read(DOCKERFILE);
    assert.equal(finalBase(content), 'node:20');
    assert.ok(content.split('\n').filter((l) => /^FROM\s/.test(l)).every((l) => l.split(/\s+/)[1] === 'node:20'));
    assert.deepEqual(entrypoint(content), ['fixture-lab']);
    const bin = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin['fixture-lab'] as string;
    assert.match(content, new RegExp(`ln -s /opt/fixture-lab/${bin.replace(/^\.\//, '')} /usr/local/bin/fixture-lab`));
    assert.match(content, new RegExp(`COPY --from=build /src/${bin.replace(/^\.\//, '')} `));
    assert.match(read(join(ROOT, 'deploy/docker/Dockerfile.dockerignore')), /^node_modules$/m, 'the host\'s node_modules stays out');
  });
});

describe('README and docs/scaling.md name deploy/', () => {
  it('README\'s layout and its scaling sentence name deploy/, and docs/scaling.md links every manifest', () => {
    const readme = read(join(ROOT, 'README.md'));
    assert.match(readme, /^\| `deploy\/` \|/m, 'a row of the Layout table');
    assert.match(readme, /run --shard I\/N[^\n]*\n?[^\n]*deploy\//, 'the scaling sentence');
    const doc = read(join(ROOT, 'docs/scaling.md'));
    for (const f of [WORKFLOW, PVC, SHARDS_JOB, MERGE_JOB, DOCKERFILE]) {
      assert.ok(doc.includes(`](../${f.slice(ROOT.length + 1)})`), f);
    }
  });
});
