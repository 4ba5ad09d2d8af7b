// The CLI's bundles loaded with a V8 code cache kept between processes. Node 20 compiles every
// function of a 2 MB bundle afresh in each process (it has no module.enableCompileCache before
// Node 22), and that was about a third of a one-fixture `run`'s CPU time (docs/performance.md).
// V8 hands back the bytecode of the functions a process compiled (script.createCachedData after
// the work, so it holds more than the top level), and a later process that passes it to
// vm.Script skips their parsing and compiling. Nothing else changes: the same source runs.
//
// A cache must never run code other than the file's own: each file of the cache is named by the
// SHA-256 of the source it was made from (with Node's version, the platform and the flags), and
// holds that digest and its data's own digest, both checked before V8 sees the data (V8's own
// check compares only the source's length, and no checksum of the data in a release build). A
// cache that is missing, damaged or rejected by V8 costs a normal compile, and is made again.
//
// Where: FIXTURE_LAB_COMPILE_CACHE (a folder, or `off`), else <XDG_CACHE_HOME or ~/.cache>/fixture-lab/compile-cache.
import { isAscii } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { userCacheDir } from '../core/io/userCache';

const MAGIC = 'fixture-lab compile cache 1\n';
/** Cache files kept per bundle (the newest by use): other builds and worktrees of the CLI on the same machine each have their own. */
const KEEP_PER_BUNDLE = 12;
/** What one cache may say it covers: past this the cache is no longer made again for a new command. */
const MAX_COVERS = 64;

interface Header {
  source: string;
  data: string;
  /** The commands whose processes made it (each made it again with its own functions added). */
  covers: string[];
}

interface Pending {
  path: string;
  script: Script;
  source: string;
  covers: string[];
}

const pending: Pending[] = [];
let flushOnExit = false;
/**
 * The V8 flags this process set through setV8Flags, in order: part of every cache's key. Kept on
 * the process's global object, since the launcher and the CLI's bundle (which loads dist/charts.js
 * through the cache) each hold a copy of this module.
 */
const FLAGS_SET = Symbol.for('fixture-lab compile cache: V8 flags set');
const flagsSet = ((globalThis as Record<symbol, string[] | undefined>)[FLAGS_SET] ??= []);

/**
 * Sets V8 flags for the rest of this process (v8.setFlagsFromString), before a bundle is compiled:
 * V8 refuses a code cache made under other flags (it keeps a hash of them in the cache), so the
 * flags are also part of the key of every cache this process reads or makes. Set afterwards, they
 * would leave the caches this process writes unusable by the next one, which compiles its bundle
 * before it sets them.
 */
export function setV8Flags(flags: readonly string[]): void {
  for (const flag of flags) {
    setFlagsFromString(flag);
    flagsSet.push(flag);
  }
}

/** The cache's folder, or undefined when turned off. */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const set = env.FIXTURE_LAB_COMPILE_CACHE;
  if (set === 'off' || set === '0') return undefined;
  if (set) return set;
  return join(userCacheDir(), 'compile-cache');
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The cache file's header and data, or undefined unless it is whole and made from `source` (digest). */
export function readCacheFile(path: string, source: string): { header: Header; data: Buffer } | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) return undefined;
  const end = bytes.indexOf(10, MAGIC.length);
  if (end < 0) return undefined;
  try {
    const header = JSON.parse(bytes.subarray(MAGIC.length, end).toString('utf8')) as Header;
    const data = bytes.subarray(end + 1);
    if (header.source !== source || header.data !== sha256(data) || !Array.isArray(header.covers)) return undefined;
    return { header, data };
  } catch {
    return undefined;
  }
}

/** What a cache says it covers: the process's command (`fixture-lab run ...`: `run`), or `-`. */
export function commandOf(argv: readonly string[] = process.argv): string {
  const command = argv[2] ?? '';
  return /^[a-z][a-z-]{0,31}$/.test(command) ? command : '-';
}

/**
 * How a file was compiled: with a cache made before (`used`), without (`made`: one is written at exit), with the cache off,
 * or not again (`loaded` before in this process).
 */
export type CacheUse = 'used' | 'made' | 'off' | 'loaded';

/**
 * require(file) for a CommonJS bundle, compiled with the cache made by earlier processes (when
 * there is one for exactly this source) and a new cache written when this process ends if there
 * was none or it did not yet cover `command`. The bundle may not use import(): a vm.Script has no
 * module loader for it in Node 20 (esbuild.mjs refuses such a bundle).
 */
export function requireCached(file: string, command = commandOf(), env: NodeJS.ProcessEnv = process.env): unknown {
  return loadCached(file, command, env).exports;
}

/** What Module.wrap puts before and after a CommonJS file's text. */
const [WRAP_HEAD, WRAP_TAIL] = Module.wrap('\0').split('\0');

/**
 * The script `file` is compiled as, the digest its cache is made for, and the cache's path in `dir`.
 * `flags`: the V8 flags set in this process (setV8Flags), besides the command line's.
 *
 * The digest is taken over the file's bytes, not its text: the same bytes are the same text, and
 * hashing a 2 MB string first encodes it to UTF-8 again: reading, hashing and decoding the CLI's
 * bundle so takes about 10 ms of CPU where the text's way took about 21 (docs/performance.md). An
 * ASCII file is decoded as Latin-1 (the same text, copied into a one-byte string without decoding).
 */
export function cacheFileFor(file: string, dir: string, flags: readonly string[] = flagsSet): { wrapped: string; digest: string; path: string } {
  const bytes = readFileSync(file);
  const shebang = bytes[0] === 0x23 && bytes[1] === 0x21; // `#!`: commented out, as Node's loader strips it
  const text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const wrapped = `${WRAP_HEAD}${shebang ? '//' : ''}${text}${WRAP_TAIL}`;
  // The flags too (V8 refuses a cache made under other flags; each set of flags keeps its own rather than replacing the other's).
  const allFlags = `${process.execArgv.join('\0')}\0${process.env.NODE_OPTIONS ?? ''}\0${flags.join('\0')}`;
  const digest = createHash('sha256').update(`${process.version}\0${process.platform}\0${process.arch}\0${allFlags}\0${WRAP_HEAD}${shebang ? '//' : ''}`)
    .update(bytes).update(WRAP_TAIL).digest('hex');
  return { wrapped, digest, path: join(dir, `${basename(file)}-${digest.slice(0, 40)}.v8`) };
}

/**
 * requireCached, saying how the file was compiled (tests). `used` means V8 did not refuse the
 * cache; a source this process compiled before is found in V8's own memory first.
 */
export function loadCached(file: string, command = commandOf(), env: NodeJS.ProcessEnv = process.env): { exports: unknown; cache: CacheUse } {
  const moduleCache = (Module as unknown as { _cache: Record<string, Module | undefined> })._cache;
  const loaded = moduleCache[file];
  if (loaded) return { exports: loaded.exports, cache: 'loaded' };
  const dir = compileCacheDir(env);
  if (!dir) return { exports: createRequire(__filename)(file), cache: 'off' };
  const { wrapped, digest, path } = cacheFileFor(file, dir);
  const cached = readCacheFile(path, digest);
  const script = new Script(wrapped, { filename: file, ...(cached ? { cachedData: cached.data } : {}) });
  const used = cached !== undefined && !script.cachedDataRejected;
  const covers = used ? cached.header.covers : [];
  if (!covers.includes(command) && covers.length < MAX_COVERS) {
    pending.push({ path, script, source: digest, covers: [...covers, command] });
    if (!flushOnExit) {
      flushOnExit = true;
      process.once('exit', flushCompileCaches);
    }
  } else {
    touch(path);
  }
  const module = new Module(file, require.main);
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(dirname(file));
  moduleCache[file] = module;
  const run = script.runInThisContext() as (exports: unknown, require: NodeRequire, module: Module, filename: string, dirname: string) => void;
  try {
    run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  } catch (e) {
    delete moduleCache[file]; // as require() does: a module that threw is not loaded
    throw e;
  }
  module.loaded = true;
  return { exports: module.exports, cache: used ? 'used' : 'made' };
}

/** Writes the caches this process has to make (at its exit; a test may call it sooner). Never throws: a cache that cannot be written is only slower. */
export function flushCompileCaches(): void {
  for (const { path, script, source, covers } of pending.splice(0)) {
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 }); // first: where no folder can be made, no cache is serialized for nothing
      const data = script.createCachedData();
      const header: Header = { source, data: sha256(data), covers };
      const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(temporary, Buffer.concat([Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`, 'utf8'), data]), { mode: 0o600 });
      renameSync(temporary, path); // whole or not at all, whatever another process reads meanwhile
      prune(path);
    } catch {
      // a read-only or full disk: the next process compiles as this one did
    }
  }
}

/** A used cache's time is now, so pruning keeps the caches in use. */
function touch(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // another process pruned it
  }
}

/** Keeps the newest KEEP_PER_BUNDLE caches of the same bundle (other builds of it), and removes temporary files left by killed processes. */
function prune(path: string): void {
  const dir = dirname(path);
  const bundle = basename(path).replace(/-[0-9a-f]{40}\.v8$/, '');
  const mine = readdirSync(dir).filter((name) => name.startsWith(`${bundle}-`)).map((name) => {
    const full = join(dir, name);
    try {
      return { full, name, time: statSync(full).mtimeMs };
    } catch {
      return { full, name, time: 0 };
    }
  });
  const stale = Date.now() - 3_600_000;
  for (const { full } of mine.filter((f) => f.name.endsWith('.tmp') && f.time < stale)) rmSync(full, { force: true });
  const caches = mine.filter((f) => f.name.endsWith('.v8')).sort((a, b) => b.time - a.time);
  for (const { full } of caches.slice(KEEP_PER_BUNDLE)) rmSync(full, { force: true });
}
