// How large a repository is at a revision, in lines (a scale failure's "large repos (>1M LOC)", docs/scoring.md#a-run-on-disk): what
// tells a timeout that is a scale failure from one that is not. `git grep -c` counts the lines
// of every file of the tree in git's own threads without a checkout (an 8 MB tree in under
// 0.1 s); files git calls binary are left out (-I), a last line without a newline counts.
import { spawn } from 'node:child_process';

/** Lines of text in the tree at `rev` of the repository at `root`. */
export function repositoryLines(root: string, rev: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // -z: `<rev>:<path>\0<count>\n` per file, so a path holding a newline cannot confuse the count.
    const git = spawn('git', ['-c', 'grep.patternType=basic', 'grep', '--no-color', '-I', '-c', '-z', '-e', '', rev, '--'], {
      cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let total = 0;
    let inCount = false;
    let digits = 0;
    let stderr = '';
    git.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) {
        if (!inCount) {
          if (byte === 0) inCount = true;
        } else if (byte === 0x0a) {
          total += digits;
          digits = 0;
          inCount = false;
        } else digits = digits * 10 + (byte - 0x30);
      }
    });
    git.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    git.on('error', reject);
    // Exit 1: no line matched, an empty tree.
    git.on('close', (code) => (
      code === 0 || code === 1 ? resolve(total) : reject(new Error(`git grep exited with ${code}: ${stderr.trim().split('\n').pop() ?? ''}`))));
  });
}
