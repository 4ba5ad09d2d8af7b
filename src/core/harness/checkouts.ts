// Checkouts for systems that read files: a fresh git worktree per system and revision, under the
// corpus's .repos/.checkouts/ (run.ts for a run, systemsCheck.ts for a check), so no system finds
// another's index or an earlier one's.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { unsafeRepoName } from '../corpus/repos';
import type { Repository } from '../git/repository';
import { isSafePathComponent } from '../io/pathComponent';
import { FixtureLabError } from '../problems';

/**
 * A checkout of its own for each system at each repository revision, made fresh for this run: a
 * system that indexes into its checkout (`.codegraph/`, `.gitnexus/`) never finds another
 * system's index, nor one of an earlier run, and its index time is its own. They live in a folder
 * made for the run under the corpus's `.repos/.checkouts/`, as git worktrees (a system may run git
 * in them), and go when the system is done unless the run keeps them (`--keep-checkouts`).
 */
export class Checkouts {
  private root?: Promise<string>;
  private readonly made = new Map<string, { system: string; repo: Repository; dir: Promise<string> }>();

  constructor(private readonly base: string, private readonly run: string, private readonly keep: boolean) {}

  at(repo: Repository, system: string, name: string, rev: string): Promise<string> {
    const key = JSON.stringify([system, name, rev]);
    let found = this.made.get(key);
    if (!found) {
      const dir = (async () => {
        this.root ??= fs.mkdir(this.base, { recursive: true }).then(() => fs.mkdtemp(join(this.base, `${this.run}-`)));
        // Checkouts are made under <corpus>/.repos/ only, whatever a name holds (repos.yaml refuses unsafe ones first).
        if (!isSafePathComponent(name)) throw new FixtureLabError(unsafeRepoName(name));
        const path = join(await this.root, system, `${name}@${rev.slice(0, 12)}`);
        await fs.mkdir(join(await this.root, system), { recursive: true });
        await repo.git.raw(['worktree', 'add', '--detach', path, rev]);
        return path;
      })();
      found = { system, repo, dir };
      this.made.set(key, found);
    }
    return found.dir;
  }

  /** Removes `system`'s checkouts (all of them without a system), unless they are kept; the run's folder once it is empty. */
  async release(system?: string): Promise<void> {
    if (this.keep) return;
    for (const [key, made] of [...this.made]) {
      if (system !== undefined && made.system !== system) continue;
      const { repo, dir } = made;
      this.made.delete(key);
      const path = await dir.catch(() => undefined);
      if (!path) continue;
      // --force: the system's index is untracked by design. What git leaves, the file system takes.
      await repo.git.raw(['worktree', 'remove', '--force', path]).catch(() => undefined);
      await fs.rm(path, { recursive: true, force: true });
      await repo.git.raw(['worktree', 'prune']).catch(() => undefined);
    }
    const root = await this.root?.catch(() => undefined);
    if (root && this.made.size === 0) {
      await fs.rm(root, { recursive: true, force: true });
      this.root = undefined;
    }
  }
}

/** Where a corpus's runs make their checkouts. */
export function checkoutsDir(corpusDir: string): string {
  return join(corpusDir, '.repos', '.checkouts');
}
