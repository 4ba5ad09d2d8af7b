// `git grep` as the grep baseline is defined (docs/scoring.md): the reference its one-pass search is
// compared with. Run in a UTF-8 locale, whatever the test machine's, since git's -i folds by locale.
import { execFile } from 'node:child_process';
import type { Repository } from '../../src/core/git/repository';
import type { GrepHit } from '../../src/core/harness/adapters/grep';
import { languageOf } from '../../src/core/symbols/languages';
import type { TestRepo } from './gitRepo';

/** What `git grep -n -z -i -F -I` prints for one keyword at a revision, parsed. */
export function grepReference(repo: Repository, rev: string, globs: string[], keyword: string): Promise<GrepHit[]> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'core.quotepath=off', 'grep', '-n', '-z', '-i', '-F', '-I', '--full-name', '-e', keyword, rev, '--', ...globs],
      { cwd: repo.root, env: { ...process.env, LC_ALL: 'C.UTF-8' }, maxBuffer: 1 << 30, encoding: 'utf8' },
      (error, stdout) => {
        if (error && error.code !== 1) reject(new Error(`git grep: ${error.message}`)); // 1: no match
        else resolve(grepHits(stdout, rev));
      });
  });
}

/**
 * `git grep -n -z REV` output: `REV:path\0line\0text\n` per hit. A path may hold a newline (only
 * NUL cannot be in one) and a matched line holds none, so records are read field by field: the
 * path up to NUL, the number up to NUL, the text up to the newline.
 */
export function grepHits(out: string, rev: string): GrepHit[] {
  const hits: GrepHit[] = [];
  for (let at = 0; at < out.length;) {
    const pathEnd = out.indexOf('\0', at);
    const lineEnd = pathEnd < 0 ? -1 : out.indexOf('\0', pathEnd + 1);
    if (lineEnd < 0) break;
    const textEnd = out.indexOf('\n', lineEnd + 1);
    const end = textEnd < 0 ? out.length : textEnd;
    hits.push({ path: out.slice(at + rev.length + 1, pathEnd), lineNo: Number(out.slice(pathEnd + 1, lineEnd)), content: out.slice(lineEnd + 1, end) });
    at = end + 1;
  }
  return hits;
}

/** The source files `git grep -l -w -I` names at `rev` for any of `names`, in its order: what `filesMentioning` must answer. */
export function filesGitNames(t: TestRepo, rev: string, names: string[]): string[] {
  let out = '';
  try {
    out = t.git('grep', '-l', '-z', '-w', '-I', '--full-name', ...names.flatMap((n) => ['-e', n]), rev, '--');
  } catch {
    // exit 1: nothing found
  }
  return out.split('\0').filter(Boolean).map((l) => l.slice(rev.length + 1)).filter((p) => languageOf(p));
}
