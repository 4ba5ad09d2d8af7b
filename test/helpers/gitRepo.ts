// Real git repositories for tests, isolated from the user's git config, with fixed names and dates.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from './tempDir';

export const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

export class TestRepo {
  readonly dir: string;

  constructor(dir = tempDir()) {
    this.dir = dir;
    this.git('init', '-q', '-b', 'main');
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, env: GIT_ENV, encoding: 'utf8' }).trim();
  }

  /** Write files (path -> text or bytes; null deletes), apply renames first, commit, return the SHA. */
  commit(message: string, files: Record<string, string | Buffer | null> = {}, renames: [string, string][] = []): string {
    for (const [from, to] of renames) {
      mkdirSync(dirname(join(this.dir, to)), { recursive: true });
      renameSync(join(this.dir, from), join(this.dir, to));
    }
    for (const [path, content] of Object.entries(files)) {
      const full = join(this.dir, path);
      if (content === null) rmSync(full);
      else {
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, content);
      }
    }
    this.git('add', '-A');
    this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD');
  }

  /**
   * A pull request merged as GitHub's merge button does: `files` committed on `branch` off main,
   * then merged into main with `--no-ff` and "Merge pull request #N from BRANCH" (`new --pr N`
   * finds it by that subject). Returns the merge commit.
   */
  mergePullRequest(number: number, branch: string, message: string, body: string, files: Record<string, string | Buffer | null>): string {
    this.git('checkout', '-q', '-b', branch);
    this.commit(message, files);
    this.git('checkout', '-q', 'main');
    this.git('merge', '-q', '--no-ff', branch, '-m', `Merge pull request #${number} from ${branch}\n\n${body}`);
    return this.git('rev-parse', 'HEAD');
  }
}
