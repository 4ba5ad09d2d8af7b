// corpus/systems.yaml: the retrieval systems a run compares (docs/scoring.md#systems-corpussystemsyaml). Four kinds:
// `command` (index and query argv with placeholders, run without a shell), `mcp` (a Model Context
// Protocol server over stdio, one tool call per query), the built-in baselines `grep` and `bm25`
// that need nothing installed, and `replay` (scores an earlier run's recorded output, for systems
// not installed here). The file is optional: without it a run uses the two baselines.
import { accessSync, constants, existsSync, promises as fs, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { isSafePathComponent, safeNameLike, SAFE_NAME_RULE } from '../io/pathComponent';
import { FixtureLabError } from '../problems';
import { DEFAULT_MAX_OUTPUT_BYTES, runProcess } from './process';
import { BUDGET_FOLDER_PREFIX } from './results';

export type OutputParser =
  | { format: 'json'; symbols: string; tokens?: string; scores?: string }
  | { format: 'lines' }
  | { format: 'regex'; pattern: string; group: number };

interface Common {
  name: string;
  /** Languages the system claims to handle; a missed symbol in another is a language gap. */
  languages?: string[];
  /** Minutes per phase (index, each query) before the process tree is killed (docs/scoring.md#systems-corpussystemsyaml: 30). */
  timeoutMinutes: number;
  /** stdout kept per answer (`max_output_mb`); the rest is dropped and the answer marked truncated. */
  maxOutputBytes: number;
  /** `version:` as written: the system's version, recorded in run.json. */
  version?: string;
  /** `version:` as an argv list: run once per run, its first output line is the version. */
  versionArgv?: string[];
}

export interface CommandSystem extends Common {
  type: 'command';
  index?: string[];
  query: string[];
  cwd?: string;
  env?: Record<string, string>;
  parse: OutputParser;
}

export interface McpSystem extends Common {
  type: 'mcp';
  /** Run once per repository revision in the checkout before the server starts (a server that needs an index made by its CLI). */
  index?: string[];
  /** The server's argv, started over stdio. */
  server: string[];
  cwd?: string;
  env?: Record<string, string>;
  tool: string;
  arguments: Record<string, unknown>;
  /** Parses the text content of the tool's result. */
  parse: OutputParser;
}

export interface BaselineSystem extends Common {
  type: 'grep' | 'bm25';
}

export interface ReplaySystem extends Common {
  type: 'replay';
  /** An earlier run's raw folder, relative to the corpus folder. */
  from: string;
  /** The system's name in that run, when it differs. */
  system?: string;
}

export type SystemSpec = CommandSystem | McpSystem | BaselineSystem | ReplaySystem;

export const DEFAULT_TIMEOUT_MINUTES = 30;
/** yaml's guard against alias bombs: how many times one anchor may be expanded. */
export const MAX_ALIAS_COUNT = 100;
export const PLACEHOLDERS = ['task', 'budget', 'repo_path', 'module', 'commit'] as const;

/** The systems a corpus without systems.yaml is run with. */
export function defaultSystems(): SystemSpec[] {
  return [
    { name: 'grep', type: 'grep', timeoutMinutes: DEFAULT_TIMEOUT_MINUTES, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
    { name: 'bm25', type: 'bm25', timeoutMinutes: DEFAULT_TIMEOUT_MINUTES, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
  ];
}

/** Read systems.yaml; every mistake is one line naming the file, the system and the fix. */
export function readSystems(text: string, file: string): SystemSpec[] {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new FixtureLabError(`YAML syntax: ${doc.errors[0].message.split('\n')[0]}`, file);
  let root: { systems?: unknown } | null;
  try {
    // An alias bomb ("billion laughs") expands exponentially: refuse it rather than build it.
    root = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as { systems?: unknown } | null;
  } catch (e) {
    throw new FixtureLabError(`YAML aliases expand too far (${(e as Error).message.split('\n')[0]}): write the values out instead of repeating aliases`, file);
  }
  if (!root || !Array.isArray(root.systems)) throw new FixtureLabError('needs `systems:`, a list of {name, type, ...}', file);
  const names = new Set<string>();
  return root.systems.map((raw: unknown, i: number) => {
    const where = (msg: string) => new FixtureLabError(
      `systems[${i}]${typeof (raw as { name?: unknown })?.name === 'string' ? ` (${(raw as { name: string }).name})` : ''}: ${msg}`, file);
    if (!raw || typeof raw !== 'object') throw where('each system is a mapping with `name` and `type`');
    const s = raw as Record<string, unknown>;
    if (typeof s.name !== 'string') throw where('each system needs a `name`');
    // The name is a folder of raw/, beside the sweep's budget-<N> folders.
    if (!isSafePathComponent(s.name)) throw where(
      `\`name\` must be ${SAFE_NAME_RULE} (it names the system's folder of results), e.g. \`${safeNameLike(s.name)}\``);
    if (s.name.startsWith(BUDGET_FOLDER_PREFIX)) throw where(
      `\`name\` may not begin with \`${BUDGET_FOLDER_PREFIX}\` (raw/${BUDGET_FOLDER_PREFIX}<N>/ holds a budget sweep's answers): rename it, `
        + `e.g. \`${s.name.slice(BUDGET_FOLDER_PREFIX.length) || 'system'}\``);
    // Case apart, two names would share one folder on a case-insensitive file system.
    const name = s.name;
    const same = [...names].find((n) => n.toLowerCase() === name.toLowerCase());
    if (same !== undefined) throw where(
      same === name ? `the name \`${name}\` is used twice`
        : `the names \`${same}\` and \`${name}\` differ only in case: their results would share a folder on some file systems`);
    names.add(name);
    const timeout = s.timeout_minutes ?? DEFAULT_TIMEOUT_MINUTES;
    if (typeof timeout !== 'number' || !(timeout > 0)) throw where('`timeout_minutes` must be a positive number');
    const maxMb = s.max_output_mb ?? DEFAULT_MAX_OUTPUT_BYTES / 2 ** 20;
    if (typeof maxMb !== 'number' || !(maxMb > 0) || maxMb > 4096) throw where(
      '`max_output_mb` must be a positive number of megabytes (default 16, at most 4096)');
    const common: Common = { name: s.name, timeoutMinutes: timeout, maxOutputBytes: Math.max(1, Math.round(maxMb * 2 ** 20)) };
    if (s.languages !== undefined) common.languages = stringList(s.languages, 'languages', where);
    const version = s.version;
    // A scalar as written; a list is the argv that prints it (`[codegraph, --version]`), run once per run.
    if (Array.isArray(version)) {
      common.versionArgv = stringList(version, 'version', where);
      if (common.versionArgv.length === 0) throw where('`version` as a list is the command that prints the version: name its program');
    } else if (typeof version === 'string' || typeof version === 'number' || typeof version === 'boolean') common.version = String(version);
    else if (version !== undefined && version !== null) {
      throw where('`version` must be the version (`1.6.1`) or the command that prints it (`[codegraph, --version]`)');
    }
    switch (s.type) {
      case 'grep':
      case 'bm25':
        return { ...common, type: s.type };
      case 'replay':
        if (typeof s.from !== 'string') throw where('a replay system needs `from:`, an earlier run\'s raw folder');
        if (s.system !== undefined && (typeof s.system !== 'string' || !isSafePathComponent(s.system))) throw where(
          `\`system\` (the name in the recorded run) must be ${SAFE_NAME_RULE}`);
        return { ...common, type: 'replay', from: s.from, ...(typeof s.system === 'string' ? { system: s.system } : {}) };
      case 'command': {
        const query = argv(s.query, 'query', where);
        return {
          ...common,
          type: 'command',
          ...(s.index !== undefined ? { index: argv(s.index, 'index', where) } : {}),
          query,
          ...(typeof s.cwd === 'string' ? { cwd: s.cwd } : {}),
          ...(s.env !== undefined ? { env: stringMap(s.env, 'env', where) } : {}),
          parse: parser(s.parse, where),
        };
      }
      case 'mcp': {
        if (typeof s.tool !== 'string') throw where('an mcp system needs `tool:`, the name of the tool to call');
        const args = s.arguments ?? {};
        if (typeof args !== 'object' || Array.isArray(args)) throw where('`arguments` must be a mapping of the tool\'s arguments');
        return {
          ...common,
          type: 'mcp',
          ...(s.index !== undefined ? { index: argv(s.index, 'index', where) } : {}),
          server: argv(s.server, 'server', where),
          ...(typeof s.cwd === 'string' ? { cwd: s.cwd } : {}),
          ...(s.env !== undefined ? { env: stringMap(s.env, 'env', where) } : {}),
          tool: s.tool,
          arguments: args as Record<string, unknown>,
          parse: parser(s.parse ?? { format: 'lines' }, where),
        };
      }
      default:
        throw where('`type` must be command, mcp, grep, bm25 or replay');
    }
  });
}

type Where = (msg: string) => FixtureLabError;

/**
 * Programs run where systems.yaml declares them, resolved once, before any worktree is entered:
 * a relative path (`./tools/search`, `bin/x`) against the folder of systems.yaml, a bare name
 * through PATH now. The pre-check and every spawn use the same absolute path, so a file at the
 * same relative path in the repository under test never runs. A relative `cwd` resolves the same
 * way. A program or cwd that begins with a placeholder (`{repo_path}/bin/x`) is the user's choice
 * to run from the checkout, and is left to expand per task.
 */
export function resolvePrograms(spec: SystemSpec, dir: string): SystemSpec {
  const pathVar = ('env' in spec ? spec.env?.PATH : undefined) ?? process.env.PATH ?? '';
  const program = (argv: string[]) => [resolveProgram(argv[0], dir, pathVar), ...argv.slice(1)];
  const cwd = (c: string | undefined) => (c === undefined ? {} : { cwd: c.startsWith('{') || isAbsolute(c) ? c : resolve(dir, c) });
  if (spec.versionArgv) spec = { ...spec, versionArgv: program(spec.versionArgv) };
  switch (spec.type) {
    case 'command':
      return { ...spec, query: program(spec.query), ...(spec.index ? { index: program(spec.index) } : {}), ...cwd(spec.cwd) };
    case 'mcp':
      return { ...spec, server: program(spec.server), ...(spec.index ? { index: program(spec.index) } : {}), ...cwd(spec.cwd) };
    default:
      return spec;
  }
}

export function resolveProgram(program: string, dir: string, pathVar = process.env.PATH ?? ''): string {
  if (program.startsWith('{') || isAbsolute(program)) return program;
  if (program.includes('/') || (process.platform === 'win32' && program.includes('\\'))) return resolve(dir, program);
  if (program.includes('{')) return program;
  // Relative PATH entries mean the folder the command was started in, never the checkout.
  for (const entry of pathVar.split(delimiter)) {
    if (!entry) continue;
    const candidate = resolve(entry, program);
    if (isExecutableFile(candidate)) return candidate;
  }
  return program;
}

export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function argv(value: unknown, key: string, where: Where): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
    throw where(`\`${key}\` must be a list of arguments, e.g. [mytool, ${key}, "{repo_path}"] (no shell: one item per argument)`);
  }
  const out = value.map(String);
  for (const arg of out) {
    for (const [, name] of arg.matchAll(/\{(\w+)\}/g)) {
      if (!(PLACEHOLDERS as readonly string[]).includes(name)) throw where(
        `\`${key}\` uses {${name}}; the placeholders are ${PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}`);
    }
  }
  return out;
}

function stringList(value: unknown, key: string, where: Where): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw where(`\`${key}\` must be a list of names`);
  return value as string[];
}

function stringMap(value: unknown, key: string, where: Where): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw where(`\`${key}\` must be a mapping of names to values`);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

function parser(value: unknown, where: Where): OutputParser {
  const p = (value ?? {}) as Record<string, unknown>;
  switch (p.format) {
    case 'json':
      if (typeof p.symbols !== 'string') throw where('`parse.symbols` must say where the symbols are, e.g. "results[].symbol"');
      if (p.scores !== undefined && typeof p.scores !== 'string') throw where('`parse.scores` must say where each symbol\'s score is, e.g. "results[].score"');
      return { format: 'json', symbols: p.symbols, ...(typeof p.tokens === 'string' ? { tokens: p.tokens } : {}),
        ...(typeof p.scores === 'string' ? { scores: p.scores } : {}) };
    case 'lines':
      return { format: 'lines' };
    case 'regex': {
      if (typeof p.pattern !== 'string') throw where('`parse.pattern` must be a regular expression');
      try {
        new RegExp(p.pattern);
      } catch (e) {
        throw where(`\`parse.pattern\` is not a valid regular expression: ${(e as Error).message}`);
      }
      const group = p.group ?? 1;
      if (typeof group !== 'number' || !Number.isInteger(group) || group < 0) throw where('`parse.group` must be a capture group number');
      return { format: 'regex', pattern: p.pattern, group };
    }
    default:
      throw where('`parse.format` must be json, lines or regex');
  }
}

/** Replace {task}, {budget}, ... in each argument; an argument stays one argument whatever the values hold. */
export function expandPlaceholders(args: string[], values: Record<(typeof PLACEHOLDERS)[number], string>): string[] {
  return args.map((arg) => arg.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? values[name as keyof typeof values] : whole)));
}

export function expandValue(value: unknown, values: Record<(typeof PLACEHOLDERS)[number], string>): unknown {
  if (typeof value === 'string') return expandPlaceholders([value], values)[0];
  if (Array.isArray(value)) return value.map((v) => expandValue(v, values));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandValue(v, values)]));
  return value;
}

/** The corpus's systems.yaml, its programs resolved from its folder; or the two baselines when it has none. */
export async function configuredSystems(corpusDir: string, cwd = process.cwd()): Promise<SystemSpec[]> {
  const file = join(corpusDir, 'systems.yaml');
  return existsSync(file) ? readSystems(await fs.readFile(file, 'utf8'), relative(cwd, file)).map((s) => resolvePrograms(s, corpusDir)) : defaultSystems();
}

/** What a system needs that is not here: its executable, or its recorded run. */
export function systemNeeds(spec: SystemSpec, corpusDir: string): string[] {
  const missing = (exe: string) =>
    `system ${spec.name}: ${isAbsolute(exe) ? `\`${exe}\` is not an executable file (relative programs are found from the folder of `
      + `systems.yaml)` : `\`${exe}\` is not installed (not on PATH)`}`;
  switch (spec.type) {
    case 'command':
      return [spec.query[0], ...(spec.index ? [spec.index[0]] : [])].filter(
        (exe, i, all) => all.indexOf(exe) === i && !findExecutable(exe, corpusDir)).map(missing);
    case 'mcp':
      return [spec.server[0], ...(spec.index ? [spec.index[0]] : [])].filter(
        (exe, i, all) => all.indexOf(exe) === i && !findExecutable(exe, corpusDir)).map(missing);
    case 'replay':
      return existsSync(resolve(corpusDir, spec.from)) ? [] : [`system ${spec.name}: no recorded run at ${spec.from}`];
    default:
      return [];
  }
}

/** Whether a program (as systems.yaml names it, relative to `corpusDir`) is there to run. */
export function findExecutable(name: string, corpusDir = process.cwd()): boolean {
  if (name.includes('{')) return true; // a placeholder path is known only per task
  return isExecutableFile(resolveProgram(name, corpusDir));
}

/** The argv each phase of a system runs, its programs resolved (placeholders stay): what run.json records. */
export function systemArgv(spec: SystemSpec): { index?: string[]; query?: string[]; server?: string[] } | undefined {
  switch (spec.type) {
    case 'command':
      return { ...(spec.index ? { index: spec.index } : {}), query: spec.query };
    case 'mcp':
      return { ...(spec.index ? { index: spec.index } : {}), server: spec.server };
    default:
      return undefined;
  }
}

/** A system's version: `version:` as written, else the first line its `version:` argv prints (run once, 30 s at most), else undefined. */
export async function systemVersion(spec: SystemSpec, cwd: string): Promise<string | undefined> {
  if (spec.version !== undefined) return spec.version;
  if (!spec.versionArgv) return undefined;
  const r = await runProcess(spec.versionArgv, { cwd, timeoutMs: 30_000, maxOutputBytes: 64 * 1024 });
  if (r.spawnError || r.code !== 0) return undefined;
  return `${r.stdout}\n${r.stderr}`.split('\n').map((l) => l.trim()).find(Boolean);
}
