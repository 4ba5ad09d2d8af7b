#!/usr/bin/env node
// Builds the demo repository `bookshop` from corpus/demo-src into corpus/.repos/bookshop.
// Step `00-initial` is the first commit's whole tree; each later `NN-slug/` is one merged change:
// its files are written over the tree, after the renames and deletions its commit.json names.
// Git runs isolated from every user and system setting, with fixed names and dates, so the
// commit SHAs are the same on every machine and match corpus/repos.yaml and the fixtures.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const CORPUS = dirname(fileURLToPath(import.meta.url));
const SOURCES = join(CORPUS, 'demo-src');
export const DEFAULT_OUT = join(CORPUS, '.repos', 'bookshop');

/** Everything git reads from its environment, pinned: no user config, no hooks, no signing. */
function gitEnv(date) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return {
    ...env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Bookshop Developers',
    GIT_AUTHOR_EMAIL: 'dev@bookshop.example',
    GIT_COMMITTER_NAME: 'Bookshop Developers',
    GIT_COMMITTER_EMAIL: 'dev@bookshop.example',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  };
}

/** The steps in order: `00-initial`, `01-...`, with their commit messages and tree edits. */
export function demoSteps() {
  return readdirSync(SOURCES)
    .filter((name) => /^\d\d-/.test(name))
    .sort()
    .map((slug, i) => {
      const spec = slug === '00-initial' ? { message: 'Initial bookshop: storefront, worker and web client' } : readJson(join(SOURCES, slug, 'commit.json'));
      return { slug, index: i, message: spec.message, rename: spec.rename ?? [], delete: spec.delete ?? [] };
    });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${relative(process.cwd(), path)}: ${e.message}: each step needs a commit.json with a "message"`);
  }
}

function filesUnder(dir, base = dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return filesUnder(path, base);
      return name === 'commit.json' && dir === base ? [] : [relative(base, path)];
    });
}

/** The head SHA repos.yaml pins, so an up-to-date repository is left alone. */
function pinnedHead() {
  const repos = join(CORPUS, 'repos.yaml');
  if (!existsSync(repos)) return undefined;
  return /commit:\s*["']?([0-9a-f]{40})/.exec(readFileSync(repos, 'utf8'))?.[1];
}

/**
 * Build (or keep) the demo repository at `outDir`.
 * @returns {{ head: string, steps: { slug: string, sha: string, message: string }[], rebuilt: boolean }}
 */
export async function buildDemoRepo(outDir = DEFAULT_OUT, { force = false } = {}) {
  const steps = demoSteps();
  const git = (args, date = '2026-01-01T10:00:00Z') => execFileSync('git', args, { cwd: outDir, env: gitEnv(date), encoding: 'utf8' }).trim();
  const pinned = pinnedHead();
  if (!force && pinned && existsSync(join(outDir, '.git'))) {
    let head = '';
    try {
      head = git(['rev-parse', 'HEAD']);
    } catch {
      // A broken repository is rebuilt below.
    }
    if (head === pinned) return { head, steps: steps.map((s) => ({ slug: s.slug, sha: git(['rev-parse', `refs/tags/${s.slug}`]), message: s.message })), rebuilt: false };
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  git(['init', '-q', '-b', 'main']);
  const built = [];
  for (const step of steps) {
    const date = `2026-01-${String(step.index + 1).padStart(2, '0')}T10:00:00Z`;
    for (const [from, to] of step.rename) {
      mkdirSync(dirname(join(outDir, to)), { recursive: true });
      renameSync(join(outDir, from), join(outDir, to));
    }
    for (const path of step.delete) rmSync(join(outDir, path));
    const src = join(SOURCES, step.slug);
    for (const path of filesUnder(src)) {
      mkdirSync(dirname(join(outDir, path)), { recursive: true });
      cpSync(join(src, path), join(outDir, path));
    }
    git(['add', '-A'], date);
    git(['commit', '-q', '--no-verify', '--no-gpg-sign', '-m', step.message], date);
    git(['tag', step.slug], date);
    built.push({ slug: step.slug, sha: git(['rev-parse', 'HEAD']), message: step.message });
  }
  return { head: built[built.length - 1].sha, steps: built, rebuilt: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? DEFAULT_OUT;
  buildDemoRepo(out, { force: process.argv.includes('--force') })
    .then(({ head, rebuilt }) => console.log(`${rebuilt ? 'built' : 'up to date'}: ${relative(process.cwd(), out) || '.'} at ${head}`))
    .catch((e) => {
      console.error(`build-demo: ${e.message}`);
      process.exit(1);
    });
}
