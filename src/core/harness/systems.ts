// corpus/systems.yaml: the retrieval systems a run compares (docs/scoring.md#systems-corpussystemsyaml). Four kinds:
// `command` (index and query argv with placeholders, run without a shell), `mcp` (a Model Context
// Protocol server over stdio, one tool call per query), the built-in baselines `grep` and `bm25`
// that need nothing installed, and `replay` (scores an earlier run's recorded output, for systems
// not installed here). The file is optional: without it a run uses the two baselines.
import { accessSync, constants, existsSync, promises as fs, readdirSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path';
import { ProblemError } from '../problems';
import { DEFAULT_TIMEOUT_MINUTES, npmPinText, PLACEHOLDERS, type SystemSpec } from '../corpus/systemSpec';
import { readSystemsFile } from '../corpus/systemsYaml';
import { DEFAULT_MAX_OUTPUT_BYTES, runProcess } from '../io/process';
import { installSystemPackage, packageBin, packageToInstall } from './systemPackages';

export {
  type BaselineSystem, type CommandSystem, DEFAULT_TIMEOUT_MINUTES, MAX_ALIAS_COUNT, type McpSystem, type NpmPackage, type OutputParser, PLACEHOLDERS,
  type ReplaySystem, type SystemSpec,
} from '../corpus/systemSpec';

/** The systems a corpus without systems.yaml is run with. */
export function defaultSystems(): SystemSpec[] {
  return [
    { name: 'grep', type: 'grep', timeoutMinutes: DEFAULT_TIMEOUT_MINUTES, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
    { name: 'bm25', type: 'bm25', timeoutMinutes: DEFAULT_TIMEOUT_MINUTES, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
  ];
}

/** Read systems.yaml, refusing it on its first error (`path:line:col: error: ...`); systemsYaml.ts reads and checks it. */
export function readSystems(text: string, file: string): SystemSpec[] {
  const { systems, problems } = readSystemsFile(text, file);
  const error = problems.find((p) => p.severity === 'error');
  if (error) throw new ProblemError(error);
  return systems;
}

/**
 * Programs and paths run where systems.yaml declares them, resolved once, before any worktree is
 * entered: the program (`./tools/search`, `bin/x`) against the folder of systems.yaml, a bare name
 * through PATH now; every other argument that is a relative path (`./wrapper.mjs`, `../x`, or
 * `tools/x.mjs` when that exists beside systems.yaml) against the same folder, so
 * `[node, tools/wrapper.mjs]` does not look for the script in the checkout. The pre-check and
 * every spawn use the same absolute paths, so a file at the same relative path in the repository
 * under test never runs. A relative `cwd` resolves the same way. A path that begins with a
 * placeholder (`{repo_path}/bin/x`) is the user's choice to run from the checkout, and is left to
 * expand per task.
 */
export function resolvePrograms(spec: SystemSpec, dir: string): SystemSpec {
  let pathVar = ('env' in spec ? spec.env?.PATH : undefined) ?? process.env.PATH ?? '';
  // A pinned package's programs come first, for the program and for what it starts (its PATH);
  // until it is installed, a bare program stays as written, never PATH's other version of it.
  if ((spec.type === 'command' || spec.type === 'mcp') && spec.npm) {
    const bin = packageBin(spec.npm);
    if (bin && pathVar.split(delimiter)[0] !== bin) {
      pathVar = [bin, pathVar].filter(Boolean).join(delimiter);
      spec = { ...spec, env: { ...spec.env, PATH: pathVar } };
    } else if (!bin) pathVar = '';
  }
  const program = (argv: string[]) => [resolveProgram(argv[0], dir, pathVar), ...argv.slice(1).map((a) => resolveArgument(a, dir))];
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

/**
 * An argument that is a relative path, made absolute beside systems.yaml: `./x` and `../x`
 * always, `a/b` when it exists there. Options, placeholders, URLs and anything else stay as written.
 */
export function resolveArgument(arg: string, dir: string): string {
  if (arg.startsWith('-') || arg.includes('{') || arg.includes('://') || isAbsolute(arg)) return arg;
  if (/^\.\.?[/\\]/.test(arg)) return resolve(dir, arg);
  if (/^[\w.@-]+(?:[/\\][\w.@-]+)+$/.test(arg) && existsSync(resolve(dir, arg))) return resolve(dir, arg);
  return arg;
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

/**
 * What a system needs that is not here: its executable, or its recorded run. A package `npm:`
 * pins that is not installed yet needs nothing: a run or a check installs it first
 * (systemPackages.ts), then asks again.
 */
export function systemNeeds(spec: SystemSpec, corpusDir: string): string[] {
  if (packageToInstall(spec)) return [];
  const npm = spec.type === 'command' || spec.type === 'mcp' ? spec.npm : undefined;
  const bin = npm && packageBin(npm);
  const programs = bin && existsSync(bin) ? readdirSync(bin).sort() : [];
  const notOnPath = npm ? `is neither a program of ${npmPinText(npm)} (${programs.length ? `it has ${programs.join(', ')}` : 'it has none'}) nor on PATH`
    : 'is not installed (not on PATH)';
  const missing = (exe: string) =>
    `system ${spec.name}: ${isAbsolute(exe) ? `\`${exe}\` is not an executable file (relative programs are found from the folder of `
      + `systems.yaml)` : `\`${exe}\` ${notOnPath}`}`;
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

/**
 * The system ready to start: the package it pins installed (first use only: installSystemPackage
 * throws one line when npm cannot), and its programs resolved again, now from the package.
 */
export async function withPackageInstalled(spec: SystemSpec, corpusDir: string, signal?: AbortSignal): Promise<SystemSpec> {
  if (!((spec.type === 'command' || spec.type === 'mcp') && spec.npm)) return spec;
  await installSystemPackage(spec, signal);
  // Resolved again even when this call installed nothing: two systems that pin one package were
  // both resolved before the first installed it, and the second must not keep its bare program.
  return resolvePrograms(spec, corpusDir);
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
