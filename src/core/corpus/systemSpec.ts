// What systems.yaml describes (docs/scoring.md#systems-corpussystemsyaml), as types and the
// limits its reader checks: beside the corpus's other files, below the harness that runs it, so
// reading systems.yaml (systemsYaml.ts, for `validate`) needs nothing of the harness.

/** Answers a system writes are capped at this many bytes of stdout unless `max_output_mb` says otherwise (what runProcess keeps). */
export { DEFAULT_MAX_OUTPUT_BYTES } from '../io/process';

/** raw/budget-<N>/ holds a budget sweep's answers, so no system may be named so. */
export const BUDGET_FOLDER_PREFIX = 'budget-';

/**
 * How a system's output becomes symbol names (docs/scoring.md#parsing-a-systems-output). `until`
 * cuts the output at a trailer the system appends. A json entry is a name, or an item whose
 * `name` field (and `file` field) make one; a `pattern`'s named groups `file` and `name` make one
 * from a string. Whatever makes a name from parts normalises it (output.ts's joinSymbol).
 */
export type OutputParser =
  | {
    format: 'json';
    /** Where the entries are, in rank order: one path or several, read one after another. */
    symbols: string | string[];
    /** With items: the field holding each item's file. */
    file?: string;
    /** With items: the field holding each item's name (within its file, when `file` is given). */
    name?: string;
    /** Cuts each entry's name into `file` and `name` (named groups). */
    pattern?: string;
    tokens?: string;
    scores?: string;
    until?: string;
  }
  | { format: 'lines'; until?: string }
  | { format: 'regex'; pattern: string; group: number; until?: string };

interface Common {
  name: string;
  /** Languages the system claims to handle; a missed symbol in another is a language gap. */
  languages?: string[];
  /** Minutes per phase (index, each query) before the process tree is killed (docs/scoring.md#systems-corpussystemsyaml: 30). */
  timeoutMinutes: number;
  /** stdout kept per answer (`max_output_mb`); the rest is dropped and the answer marked truncated. */
  maxOutputBytes: number;
  /** `version:` as written (else `npm:`'s pinned version): the system's version, recorded in run.json. */
  version?: string;
  /** `version:` as an argv list: run once per run, its first output line is the version. */
  versionArgv?: string[];
}

/**
 * `npm:` as written, `@colbymchenry/codegraph@1.6.1`: the registry package whose programs the
 * system runs, pinned to one version; installed on first use into the systems cache
 * (harness/systemPackages.ts), never into the corpus or Fixture Lab.
 */
export interface NpmPackage {
  name: string;
  version: string;
}

export interface CommandSystem extends Common {
  type: 'command';
  npm?: NpmPackage;
  index?: string[];
  query: string[];
  cwd?: string;
  env?: Record<string, string>;
  parse: OutputParser;
}

export interface McpSystem extends Common {
  type: 'mcp';
  npm?: NpmPackage;
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


/** An npm package name (scoped or not, as the registry allows) and one exact version: no range, tag, URL or path. */
const NPM_PIN = /^((?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*)@(\d+\.\d+\.\d+(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)$/;

/** `npm:`'s text as a package and version, or undefined when it is not one package pinned to one version. */
export function parseNpmPin(text: string): NpmPackage | undefined {
  const m = NPM_PIN.exec(text);
  return m && m[1].length <= 214 ? { name: m[1], version: m[2] } : undefined;
}

export const npmPinText = (p: NpmPackage): string => `${p.name}@${p.version}`;
