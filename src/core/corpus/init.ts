// `fixture-lab init [DIR]`: a new corpus, each file saying in comments what goes where:
// repos.yaml (empty, or the repositories `--repo` names), systems.yaml and tasks/. systems.yaml is
// the demo corpus's own file, bundled as text (esbuild.mjs), so the entries a new corpus starts
// from are the ones the demo runs and the tests check: one source, never a copy that drifts.
import { existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import systemsTemplate from '../../../corpus/systems.yaml';
import { writeNewText } from '../io/files';
import { displayPath, FixtureLabError } from '../problems';
import { addRepo } from './repoAdd';
import type { RepoEntry } from './repos';

const REPOS_TEMPLATE = `# The repositories this corpus's tasks come from, each pinned to one commit
# (docs/fixture-format.md#reposyaml). \`fixture-lab repo add NAME PATH_OR_URL\` adds one as its clone
# says it is: a local clone stays where it is, a URL is cloned into .repos/NAME.
#
#   name      the folder its tasks go in (tasks/NAME/TIER/) and a fixture's \`repo:\`
#   url       where it is published; a GitHub URL makes \`new --pr\` record the pull request
#   commit    the pinned commit (quote SHAs); fixtures with \`diff:\` are labeled and run at diff.base
#   language  one or a list: [python, typescript, go]
#   module    (optional) a prefix stripped from the names other tools write (a Go module path)
#   path      the local clone, relative to this folder
repos: []
`;

const TASKS_README = `# tasks/

One YAML file per task, at \`tasks/REPO/TIER/NN-slug.yaml\`: REPO a name from ../repos.yaml, TIER
\`easy\`, \`medium\` or \`hard\` (the fixture's \`difficulty\`). Make one from a change with

    fixture-lab new --repo REPO --pr N          # or --base REV --head REV

then write its \`task:\` as the issue states it (never naming the symbols that solve it), label it
(\`fixture-lab label add\`, or click symbols in the editor), and have a second person review it
(\`fixture-lab review start\`). docs/fixture-format.md describes every field.
`;

export interface InitOptions {
  cwd?: string;
  /** Repositories to add once the files are written, as `repo add NAME SOURCE` would. */
  repos?: { name: string; source: string }[];
}

export interface InitResult {
  /** The files written, in order. */
  written: string[];
  repos: RepoEntry[];
}

/**
 * Write a new corpus into `dir` (made when missing; other files in it are left alone). Refuses a
 * folder that already has repos.yaml or systems.yaml, before writing anything. A `--repo` that
 * cannot be added removes what init wrote, so a failed init leaves the folder as it was.
 */
export async function initCorpus(dir: string, options: InitOptions = {}): Promise<InitResult> {
  const cwd = options.cwd ?? process.cwd();
  const files = [
    { path: join(dir, 'repos.yaml'), text: REPOS_TEMPLATE },
    { path: join(dir, 'systems.yaml'), text: systemsTemplate },
    { path: join(dir, 'tasks', 'README.md'), text: TASKS_README },
  ];
  for (const f of files.slice(0, 2)) {
    if (existsSync(f.path)) {
      throw new FixtureLabError('already exists: this folder is a corpus; nothing was written. Add a repository with `fixture-lab repo add NAME '
        + 'PATH_OR_URL`', displayPath(f.path, cwd));
    }
  }
  const names = options.repos?.map((r) => r.name) ?? [];
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new FixtureLabError(`--repo names \`${twice}\` twice; nothing was written`);
  const existed = existsSync(dir);
  const tasksExisted = existsSync(join(dir, 'tasks'));
  const clonesExisted = existsSync(join(dir, '.repos'));
  const written: string[] = [];
  try {
    for (const f of files) {
      if (f.path.endsWith('README.md') && existsSync(f.path)) continue;
      await writeNewText(f.path, f.text, displayPath(f.path, cwd));
      written.push(f.path);
    }
    const repos: RepoEntry[] = [];
    for (const r of options.repos ?? []) repos.push(await addRepo(dir, r.name, r.source, { cwd }));
    return { written, repos };
  } catch (e) {
    for (const p of written) await fs.rm(p, { force: true });
    if (!tasksExisted) await fs.rmdir(join(dir, 'tasks')).catch(() => undefined);
    if (!clonesExisted) await fs.rm(join(dir, '.repos'), { recursive: true, force: true });
    if (!existed) await fs.rm(dir, { recursive: true, force: true });
    throw e;
  }
}
