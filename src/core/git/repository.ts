// A repository read through git (simple-git): refs, revisions and files at any revision.
// Every failure a person can fix becomes one line saying what to do.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { SimpleGit } from 'simple-git';
import { FixtureLabError } from '../problems';
import { BlobReader, type FileText } from './blobs';
import { looksLikeSha } from './revisions';

export type { FileText };

/** What resolve() and resolveCommits() take as a revision's name (anything else is refused or resolved one at a time). */
const REVISION_NAME = /^[\w./@^~{}-]+$/;
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * simple-git, loaded at its first use: `symbols` asks git only through `Repository.run` and the
 * blob reader, and never pays for initialising simple-git and its logger (docs/performance.md).
 * The one way src/ makes a simple-git (an `import` of it elsewhere would bundle its ES module
 * build beside the CommonJS one `require` loads).
 */
export function simpleGit(options: Parameters<typeof import('simple-git').simpleGit>[0]): SimpleGit {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('simple-git') as typeof import('simple-git')).simpleGit(options);
}

export class Repository {
  private blobs?: BlobReader;
  private simple?: SimpleGit;
  /** The commits open() resolved with the top folder, for the first resolveCommits() of the same names. */
  private opened?: { refs: readonly string[]; shas: string[] };

  private constructor(readonly root: string) {}

  /** simple-git in the repository's folder, made at the first use. */
  get git(): SimpleGit {
    return (this.simple ??= simpleGit({ baseDir: this.root, maxConcurrentProcesses: 4, config: ['core.quotepath=off'] }));
  }

  /**
   * What `git -c core.quotepath=off ARGS` prints, run in the repository's folder without
   * simple-git's task queue: the calls every `symbols` and `candidates` makes (resolving the
   * change's sides, its diff) cost a process about 6 ms of CPU less each this way
   * (docs/performance.md). Rejects when git exits with an error, with what it printed on stderr.
   */
  run(args: readonly string[]): Promise<string> {
    return runGit(this.root, args);
  }

  /**
   * Open the repository at `path`; fails with what to do when it is not one. `commits`: the names
   * the caller resolves first (a change's two sides), asked in the same `rev-parse` as the top
   * folder, one git process fewer for `symbols` and `candidates`; where one does not name a single
   * commit, nothing is kept and resolveCommits() asks (and words the error) as before.
   */
  static async open(path: string, commits: readonly string[] = []): Promise<Repository> {
    const dir = resolve(path);
    if (!existsSync(dir)) throw new FixtureLabError('no such folder: clone the repository there, or set its path in repos.yaml (path:)', dir);
    if (commits.length > 0 && commits.every((ref) => REVISION_NAME.test(ref) && !ref.startsWith('-'))) {
      // The top folder's line (or lines: a path may hold a newline), then one line per commit.
      const lines = (await runGit(dir, ['rev-parse', '--show-toplevel', ...commits.map((ref) => `${ref}^{commit}`)]).catch(() => '')).split('\n');
      if (lines.at(-1) === '') lines.pop();
      const shas = lines.slice(-commits.length);
      if (lines.length > commits.length && shas.every((line) => FULL_SHA.test(line))) {
        const repo = new Repository(lines.slice(0, -commits.length).join('\n').trim()); // trimmed, as revparse() trims
        repo.opened = { refs: [...commits], shas };
        return repo;
      }
    }
    let top: string;
    try {
      top = (await runGit(dir, ['rev-parse', '--show-toplevel'])).trim();
    } catch {
      throw new FixtureLabError('is not a git repository: clone the repository there, or point repos.yaml (path:) at a clone', dir);
    }
    return new Repository(top);
  }

  /** The full SHA of a commit-ish; a missing commit says how to fetch it. */
  async resolve(ref: string): Promise<string> {
    if (!REVISION_NAME.test(ref) || ref.startsWith('-')) throw new FixtureLabError(`\`${ref}\` is not a revision name`, this.root);
    // simple-git resolves a failing command that printed nothing on stderr, so an empty answer is a miss too.
    const sha = (await this.git.raw(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).catch(() => '')).trim();
    // One commit's name only: for a range (`a..b`) git fails --verify but still prints two lines.
    if (FULL_SHA.test(sha)) return sha;
    const shallow = (await this.git.raw(['rev-parse', '--is-shallow-repository']).catch(() => 'false')).trim() === 'true';
    if (shallow) {
      throw new FixtureLabError(`is a shallow clone that lacks ${ref}: run \`git -C ${this.root} fetch --unshallow\` (or fetch that commit)`, this.root);
    }
    const hint = looksLikeSha(ref) ? `run \`git -C ${this.root} fetch origin ${ref}\`` : 'check the name, or fetch it';
    throw new FixtureLabError(`has no commit ${ref}: ${hint}`, this.root);
  }

  /**
   * The full SHAs of several commit-ishes, in one git process when each names one commit; else
   * each through resolve(), which says what is missing and how to fetch it.
   */
  async resolveCommits(refs: readonly string[]): Promise<string[]> {
    const opened = this.opened;
    this.opened = undefined; // once: a branch may move while a repository stays open
    if (opened && opened.refs.length === refs.length && opened.refs.every((ref, i) => ref === refs[i])) return opened.shas;
    if (refs.every((ref) => REVISION_NAME.test(ref) && !ref.startsWith('-'))) {
      // Without --verify (which takes one name), rev-parse prints one line per name: anything else
      // (`a..b` prints two, `^a` a negation) is checked again one name at a time. No
      // `--end-of-options`: no name here starts with `-`, and git before 2.43 prints that option
      // back as a line of its own, which sent every pair through resolve() again (two processes more).
      const lines = (await this.run(['rev-parse', ...refs.map((ref) => `${ref}^{commit}`)]).catch(() => '')).split('\n');
      if (lines.at(-1) === '') lines.pop();
      if (lines.length === refs.length && lines.every((line) => FULL_SHA.test(line))) return lines;
    }
    return Promise.all(refs.map((ref) => this.resolve(ref)));
  }

  /** A repository-relative path with `/`; refuses paths that leave the repository. */
  relativePath(path: string): string {
    const rel = isAbsolute(path) ? relative(this.root, path) : path.replace(/\\/g, '/').replace(/^\.\//, '');
    const normal = rel.split(sep).join('/');
    if (normal === '' || normal.startsWith('../') || normal === '..' || isAbsolute(normal) || normal.split('/').includes('..')) {
      throw new FixtureLabError(`\`${path}\` is outside the repository: give a path inside it`, this.root);
    }
    return normal;
  }

  /** Reads blobs through one long-lived `git cat-file --batch`, much faster than a process per file. */
  get blobReader(): BlobReader {
    return (this.blobs ??= new BlobReader(this.root));
  }

  /** A file's text at a revision, or why it cannot be had. */
  async readFile(rev: string, path: string): Promise<FileText> {
    const [result] = await this.blobReader.read([`${rev}:${this.relativePath(path)}`]);
    return result;
  }

  /** Every file path at a revision. */
  async listFiles(rev: string): Promise<string[]> {
    const out = await this.git.raw(['ls-tree', '-r', '-z', '--name-only', '--full-tree', rev]);
    return out.split('\0').filter(Boolean);
  }

  close(): void {
    this.blobs?.close();
    this.blobs = undefined;
  }
}

/** `Repository.run` in `dir`. */
function runGit(dir: string, args: readonly string[]): Promise<string> {
  return new Promise((done, fail) => {
    // No buffer limit (a diff can run to many megabytes); UTF-8, as simple-git decodes what git prints.
    execFile('git', ['-c', 'core.quotepath=off', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: Infinity }, (error, stdout, stderr) => {
      if (error) fail(new Error(`git ${args.join(' ')} failed: ${stderr.trim() || error.message}`));
      else done(stdout);
    });
  });
}

/** git's user.name as seen from `dir` (repository, global or system config), if set. */
export async function gitUserName(dir: string): Promise<string | undefined> {
  const name = await simpleGit({ baseDir: dir }).raw(['config', 'user.name']).catch(() => '');
  return name.trim() || undefined;
}
