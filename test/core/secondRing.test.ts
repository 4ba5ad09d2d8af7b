// The second ring (src/core/changes/secondRing.ts), each on a small real git history: a member of a
// type the change uses, named on the changed lines, is linked two hops out even where the name alone
// is ambiguous; its other members, and a same-named member of a type the change does not use, are
// not; a function whose signature names a changed type is linked when it is the one, and not when
// several share the type.
import * as assert from 'node:assert/strict';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

describe('candidates: the second ring', function () {
  this.timeout(60_000);

  it('a member of a type the change uses, named on its lines, is linked two hops out, too weakly to be listed alone; its other members and a same-named one elsewhere are not', async () => {
    const repo = new TestRepo();
    const group = (body: string) => "import { Flag } from './flag';\n\nexport function group(flags: Flag[]): string[] {\n"
      + `\tconst first = flags[0];\n${body}\treturn [];\n}\n`;
    const base = repo.commit('base', {
      'src/flag.ts': 'export class Flag {\n\tusage(): string {\n\t\treturn "";\n\t}\n\n\tother(): number {\n\t\treturn 1;\n\t}\n}\n',
      'src/command.ts': 'export class Command {\n\tusage(): string {\n\t\treturn "cmd";\n\t}\n}\n',
      'src/group.ts': group(''),
    });
    const head = repo.commit('head', { 'src/group.ts': group('\tif (first) console.log(first.usage());\n') });
    const m = by(await candidates(repo, base, head, { evidence: 'all' }));
    const usage = m.get('src/flag.Flag.usage');
    assert.deepEqual(usage && { kind: usage.kind, hops: usage.hops }, { kind: 'callee', hops: 2 }, [...m.keys()].join(', '));
    assert.match(usage!.why, /^a member of Flag, named on the changed lines; Flag is used as a type by group\.group/);
    // `usage` names two methods: by its name alone it links neither; only the type the change uses picks one.
    assert.ok(!m.has('src/command.Command.usage'), 'Command is no type the change uses');
    assert.ok(!m.has('src/flag.Flag.other'), 'a member the changed lines do not name');
    // A quarter of its seed's link: the default list ends before it.
    assert.ok(!by(await candidates(repo, base, head)).has('src/flag.Flag.usage'));
  });

  it('the one function whose signature names a changed type is linked; two that share it are not', async () => {
    const repo = new TestRepo();
    const storage = (type: string) => `export type Storage = {\n\tgetItem: (name: string) => ${type};\n};\n`;
    const other = (type: string) => `export type Options = {\n\tname: ${type};\n};\n`;
    const base = repo.commit('base', {
      'src/storage.ts': storage('string'),
      'src/options.ts': other('string'),
      'src/create.ts': "import type { Storage } from './storage';\n\nexport function createStorage(): Storage {\n\treturn { getItem: () => '' };\n}\n\n"
        + 'export function unrelated(): number {\n\treturn 1;\n}\n',
      'src/use.ts': "import type { Options } from './options';\n\nexport function first(o: Options): string {\n\treturn '';\n}\n\n"
        + "export function second(o: Options): string {\n\treturn '';\n}\n",
    });
    const head = repo.commit('head', { 'src/storage.ts': storage('string | Promise<string>'), 'src/options.ts': other('string | number') });
    const m = by(await candidates(repo, base, head));
    const create = m.get('src/create.createStorage');
    assert.deepEqual(create && { kind: create.kind, hops: create.hops, why: create.why }, { kind: 'type', hops: 2, why: 'uses Storage in its signature (line 3)' });
    assert.ok(!m.has('src/create.unrelated'));
    assert.ok(!m.has('src/use.first') && !m.has('src/use.second'), 'two functions share Options: half a link over the square root of two is weak evidence');
  });
});
