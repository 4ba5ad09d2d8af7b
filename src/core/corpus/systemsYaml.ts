// Reading corpus/systems.yaml (docs/scoring.md#systems-corpussystemsyaml) into SystemSpecs, every
// mistake a problem at path:line:col: an unknown key is an error with the nearest known one
// (`indx:` is not silently ignored, which would run a system without its index), and each field's
// type is checked. `validate` reports them all; a run refuses the file on its first error.
// docs/systems.schema.json describes the same keys for editors.
import { LineCounter, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
import { isSafePathComponent, safeNameLike, SAFE_NAME_RULE } from '../io/pathComponent';
import { Problem, ProblemCode } from '../problems';
import { editDistance, suggestionBound } from '../symbols/nearest';
import {
  BUDGET_FOLDER_PREFIX, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_TIMEOUT_MINUTES, MAX_ALIAS_COUNT, NpmPackage, OutputParser, parseNpmPin, PLACEHOLDERS,
  SystemSpec,
} from './systemSpec';

const COMMON_KEYS = ['name', 'type', 'languages', 'timeout_minutes', 'max_output_mb', 'version'];
/** The keys of each type of system, beside the common ones. */
export const SYSTEM_KEYS: Record<SystemSpec['type'], string[]> = {
  command: ['npm', 'index', 'query', 'cwd', 'env', 'parse'],
  mcp: ['npm', 'index', 'server', 'cwd', 'env', 'tool', 'arguments', 'parse'],
  grep: [],
  bm25: [],
  replay: ['from', 'system'],
};
const TYPES = Object.keys(SYSTEM_KEYS) as SystemSpec['type'][];
/** The keys of each `parse.format`. */
export const PARSE_KEYS: Record<OutputParser['format'], string[]> = {
  json: ['format', 'symbols', 'file', 'name', 'pattern', 'tokens', 'scores', 'until'],
  lines: ['format', 'until'],
  regex: ['format', 'pattern', 'group', 'until'],
};

type Path = (string | number)[];

/** Thrown inside one system's reading: its first type error, already reported. */
class Stop extends Error {}

export function readSystemsFile(text: string, file: string): { systems: SystemSpec[]; problems: Problem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const problems: Problem[] = [];
  const report = (offset: number, code: ProblemCode, message: string) =>
    problems.push({ file, ...lines.linePos(offset), severity: 'error', code, message });
  if (doc.errors.length > 0) {
    report(doc.errors[0].pos[0], 'yaml-syntax', `YAML syntax: ${doc.errors[0].message.split('\n')[0]}`);
    return { systems: [], problems };
  }
  let root: { systems?: unknown } | null;
  try {
    // An alias bomb ("billion laughs") expands exponentially: refuse it rather than build it.
    root = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as { systems?: unknown } | null;
  } catch (e) {
    report(0, 'yaml-alias', `YAML aliases expand too far (${(e as Error).message.split('\n')[0]}): write the values out instead of repeating aliases`);
    return { systems: [], problems };
  }
  if (!root || typeof root !== 'object' || !Array.isArray(root.systems)) {
    report(offsetOf(doc, ['systems']), 'bad-systems', 'needs `systems:`, a list of {name, type, ...}');
    return { systems: [], problems };
  }
  if (!Array.isArray(root)) {
    for (const key of Object.keys(root).filter((k) => k !== 'systems')) {
      report(keyOffset(doc, [], key), 'unknown-field', `unknown key \`${key}\`${didYouMean(key, ['systems'])}: the file holds \`systems:\` only`);
    }
  }
  const names = new Set<string>();
  const systems: SystemSpec[] = [];
  root.systems.forEach((raw: unknown, i: number) => {
    const label = `systems[${i}]${typeof (raw as { name?: unknown })?.name === 'string' ? ` (${(raw as { name: string }).name})` : ''}`;
    const fail = (path: Path, message: string, code: ProblemCode = 'bad-systems', key = false): never => {
      const full: Path = ['systems', i, ...path];
      report(key ? keyOffset(doc, full.slice(0, -1), String(full[full.length - 1])) : offsetOf(doc, full), code, `${label}: ${message}`);
      throw new Stop();
    };
    try {
      const spec = readSystem(raw, fail, (path, key, message) => {
        report(keyOffset(doc, ['systems', i, ...path], key), 'unknown-field', `${label}: ${message}`);
      });
      const same = [...names].find((n) => n.toLowerCase() === spec.name.toLowerCase());
      if (same !== undefined) fail(['name'], same === spec.name ? `the name \`${spec.name}\` is used twice`
        : `the names \`${same}\` and \`${spec.name}\` differ only in case: their results would share a folder on some file systems`);
      names.add(spec.name);
      systems.push(spec);
    } catch (e) {
      if (!(e instanceof Stop)) throw e;
    }
  });
  return { systems, problems: problems.sort((a, b) => a.line - b.line || a.col - b.col) };
}

type Fail = (path: Path, message: string, code?: ProblemCode, key?: boolean) => never;
type Unknown = (path: Path, key: string, message: string) => void;

function readSystem(raw: unknown, fail: Fail, unknown: Unknown): SystemSpec {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail([], 'each system is a mapping with `name` and `type`');
  const s = raw as Record<string, unknown>;
  if (typeof s.name !== 'string') fail(s.name === undefined ? [] : ['name'], 'each system needs a `name`', 'missing-field');
  const name = s.name;
  // The name is a folder of raw/, beside the sweep's budget-<N> folders.
  if (!isSafePathComponent(name)) fail(['name'],
    `\`name\` must be ${SAFE_NAME_RULE} (it names the system's folder of results), e.g. \`${safeNameLike(name)}\``);
  if (name.startsWith(BUDGET_FOLDER_PREFIX)) fail(['name'],
    `\`name\` may not begin with \`${BUDGET_FOLDER_PREFIX}\` (raw/${BUDGET_FOLDER_PREFIX}<N>/ holds a budget sweep's answers): rename it, `
      + `e.g. \`${name.slice(BUDGET_FOLDER_PREFIX.length) || 'system'}\``);
  const type = s.type as SystemSpec['type'];
  if (!TYPES.includes(type)) {
    const near = typeof s.type === 'string' ? didYouMean(s.type, TYPES) : '';
    fail(s.type === undefined ? [] : ['type'], `\`type\` must be command, mcp, grep, bm25 or replay${near}`,
      s.type === undefined ? 'missing-field' : 'bad-systems');
  }
  // Unknown keys first, all of them: a misspelled `indx:` must never be read as "no index".
  const known = [...COMMON_KEYS, ...SYSTEM_KEYS[type]];
  for (const key of Object.keys(s)) {
    if (known.includes(key)) continue;
    const elsewhere = TYPES.filter((t) => SYSTEM_KEYS[t].includes(key));
    const hint = elsewhere.length > 0 ? ` (\`${key}\` is for ${elsewhere.join(' and ')} systems)` : didYouMean(key, known);
    unknown([], key, `unknown key \`${key}\` for a ${type} system${hint}; the keys are ${known.join(', ')}`);
  }
  const timeout = s.timeout_minutes ?? DEFAULT_TIMEOUT_MINUTES;
  if (typeof timeout !== 'number' || !(timeout > 0)) fail(['timeout_minutes'], '`timeout_minutes` must be a positive number');
  const maxMb = s.max_output_mb ?? DEFAULT_MAX_OUTPUT_BYTES / 2 ** 20;
  if (typeof maxMb !== 'number' || !(maxMb > 0) || maxMb > 4096) fail(['max_output_mb'],
    '`max_output_mb` must be a positive number of megabytes (default 16, at most 4096)');
  const common = { name, timeoutMinutes: timeout, maxOutputBytes: Math.max(1, Math.round((maxMb) * 2 ** 20)) } as {
    name: string; timeoutMinutes: number; maxOutputBytes: number; languages?: string[]; version?: string; versionArgv?: string[] };
  if (s.languages !== undefined) common.languages = stringList(s.languages, 'languages', fail);
  const version = s.version;
  // A scalar as written; a list is the argv that prints it (`[codegraph, --version]`), run once per run.
  if (Array.isArray(version)) {
    common.versionArgv = stringList(version, 'version', fail);
    if (common.versionArgv.length === 0) fail(['version'], '`version` as a list is the command that prints the version: name its program');
  } else if (typeof version === 'string' || typeof version === 'number' || typeof version === 'boolean') common.version = String(version);
  else if (version !== undefined && version !== null) {
    fail(['version'], '`version` must be the version (`1.6.1`) or the command that prints it (`[codegraph, --version]`)');
  }
  const optionalText = (key: string) => {
    if (s[key] !== undefined && typeof s[key] !== 'string') fail([key], `\`${key}\` must be text`);
    return typeof s[key] === 'string' ? { [key]: s[key] } : {};
  };
  // The package it runs, pinned: its version is the system's unless `version:` says otherwise.
  const npm = (type === 'command' || type === 'mcp') && s.npm !== undefined ? npmPin(s.npm, fail) : undefined;
  const pinned = npm ? { npm, ...(common.version === undefined && !common.versionArgv ? { version: npm.version } : {}) } : {};
  switch (type) {
    case 'grep':
    case 'bm25':
      return { ...common, type };
    case 'replay':
      if (typeof s.from !== 'string') {
        fail(s.from === undefined ? [] : ['from'], 'a replay system needs `from:`, an earlier run\'s raw folder', 'missing-field');
      }
      if (s.system !== undefined && (typeof s.system !== 'string' || !isSafePathComponent(s.system))) fail(['system'],
        `\`system\` (the name in the recorded run) must be ${SAFE_NAME_RULE}`);
      return { ...common, type: 'replay', from: s.from, ...(typeof s.system === 'string' ? { system: s.system } : {}) };
    case 'command':
      if (s.query === undefined) fail([], 'a command system needs `query:`, the argv answering one task', 'missing-field');
      if (s.parse === undefined) fail([], 'a command system needs `parse:`, how its output becomes symbols (docs/scoring.md#parsing-a-systems-output)',
        'missing-field');
      return {
        ...common,
        type: 'command',
        ...pinned,
        ...(s.index !== undefined ? { index: argv(s.index, 'index', fail) } : {}),
        query: argv(s.query, 'query', fail),
        ...optionalText('cwd'),
        ...(s.env !== undefined ? { env: stringMap(s.env, 'env', fail) } : {}),
        parse: parser(s.parse, fail, unknown),
      };
    case 'mcp': {
      if (s.server === undefined) fail([], 'an mcp system needs `server:`, the argv starting its server over stdio', 'missing-field');
      if (typeof s.tool !== 'string') fail(s.tool === undefined ? [] : ['tool'], 'an mcp system needs `tool:`, the name of the tool to call',
        s.tool === undefined ? 'missing-field' : 'bad-systems');
      const args = s.arguments ?? {};
      if (typeof args !== 'object' || args === null || Array.isArray(args)) fail(['arguments'], '`arguments` must be a mapping of the tool\'s arguments');
      checkPlaceholders(JSON.stringify(args), 'arguments', fail);
      return {
        ...common,
        type: 'mcp',
        ...pinned,
        ...(s.index !== undefined ? { index: argv(s.index, 'index', fail) } : {}),
        server: argv(s.server, 'server', fail),
        ...optionalText('cwd'),
        ...(s.env !== undefined ? { env: stringMap(s.env, 'env', fail) } : {}),
        tool: s.tool,
        arguments: args as Record<string, unknown>,
        parse: parser(s.parse ?? { format: 'lines' }, fail, unknown),
      };
    }
  }
}

function npmPin(value: unknown, fail: Fail): NpmPackage {
  const pin = typeof value === 'string' ? parseNpmPin(value.trim()) : undefined;
  if (!pin) {
    const range = typeof value === 'string' && /@[\^~<>=*x]|@latest$|@next$|@\d+(\.\d+)?$/.test(value)
      ? ' (a range or tag installs whatever is newest: pin one version)'
      : typeof value === 'string' && /^(@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/.test(value) ? ' (no version: pin one)' : '';
    fail(['npm'], `\`npm\` must be one package on the npm registry pinned to one version, e.g. "@colbymchenry/codegraph@1.6.1" or "gitnexus@1.6.12"${range}; `
      + 'no range, tag, git URL, tarball or path');
  }
  return pin;
}

function argv(value: unknown, key: string, fail: Fail): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
    fail([key], `\`${key}\` must be a list of arguments, e.g. [mytool, ${key}, "{repo_path}"] (no shell: one item per argument)`);
  }
  const out = (value as unknown[]).map(String);
  for (const arg of out) checkPlaceholders(arg, key, fail);
  return out;
}

function checkPlaceholders(text: string, key: string, fail: Fail): void {
  for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) fail([key],
      `\`${key}\` uses {${name}}; the placeholders are ${PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}${didYouMean(name, [...PLACEHOLDERS])}`);
  }
}

function stringList(value: unknown, key: string, fail: Fail): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) fail([key], `\`${key}\` must be a list of names`);
  return value as string[];
}

function stringMap(value: unknown, key: string, fail: Fail): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail([key], `\`${key}\` must be a mapping of names to values`);
  const entries = Object.entries(value);
  const bad = entries.find(([, v]) => v === null || typeof v === 'object');
  if (bad) fail([key, bad[0]], `\`${key}.${bad[0]}\` must be text or a number`);
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

function parser(value: unknown, fail: Fail, unknown: Unknown): OutputParser {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(['parse'], '`parse` must be a mapping, e.g. {format: lines}');
  const p = value as Record<string, unknown>;
  const format = p.format as OutputParser['format'];
  if (!(format in PARSE_KEYS)) fail(p.format === undefined ? ['parse'] : ['parse', 'format'],
    `\`parse.format\` must be json, lines or regex${typeof p.format === 'string' ? didYouMean(p.format, Object.keys(PARSE_KEYS)) : ''}`);
  for (const key of Object.keys(p)) {
    if (PARSE_KEYS[format].includes(key)) continue;
    const elsewhere = Object.keys(PARSE_KEYS).filter((f) => PARSE_KEYS[f as OutputParser['format']].includes(key));
    const hint = elsewhere.length > 0 ? ` (\`${key}\` is for format ${elsewhere.join(' and ')})` : didYouMean(key, PARSE_KEYS[format]);
    unknown(['parse'], key, `unknown key \`parse.${key}\` for format ${format}${hint}; the keys are ${PARSE_KEYS[format].join(', ')}`);
  }
  const text = (key: string, what: string) => {
    if (p[key] !== undefined && (typeof p[key] !== 'string' || p[key] === '')) fail(['parse', key], `\`parse.${key}\` must be ${what}`);
    return typeof p[key] === 'string' ? { [key]: p[key] } : {};
  };
  const until = text('until', 'the text a trailer after the answer begins with, e.g. "\\n---\\n"');
  const regex = (key: string, needsName: boolean) => {
    const pattern = p[key] as string;
    let re: RegExp;
    try {
      re = new RegExp(pattern);
    } catch (e) {
      return fail(['parse', key], `\`parse.${key}\` is not a valid regular expression: ${(e as Error).message}`);
    }
    const groups = [...pattern.matchAll(/\(\?<([A-Za-z_]\w*)>/g)].map((m) => m[1]);
    if (groups.includes('file') && !groups.includes('name')) {
      fail(['parse', key], `\`parse.${key}\` has a \`file\` group but no \`name\` group: name the symbol's part with (?<name>...)`);
    }
    if (needsName && !groups.includes('name')) fail(['parse', key], `\`parse.${key}\` must name the parts with (?<file>...) and (?<name>...)`);
    return re;
  };
  switch (format) {
    case 'json': {
      const symbols = p.symbols;
      const isPath = (v: unknown) => typeof v === 'string' && v.length > 0;
      const paths = isPath(symbols) || (Array.isArray(symbols) && symbols.length > 0 && symbols.every(isPath));
      if (!paths) fail(p.symbols === undefined ? ['parse'] : ['parse', 'symbols'],
        '`parse.symbols` must say where the symbols are, e.g. "results[].symbol", or a list of such paths');
      const fields = {
        ...text('file', 'the field of each item holding its file, e.g. filePath'),
        ...text('name', 'the field of each item holding its name, e.g. qualifiedName'),
      };
      if (fields.file !== undefined && fields.name === undefined) {
        fail(['parse', 'file'], '`parse.file` needs `parse.name`: the field naming the symbol inside its file');
      }
      if (typeof p.pattern === 'string') regex('pattern', true);
      else if (p.pattern !== undefined) fail(['parse', 'pattern'], '`parse.pattern` must be a regular expression with (?<file>...) and (?<name>...) groups');
      return { format: 'json', symbols: symbols as string | string[], ...fields, ...(typeof p.pattern === 'string' ? { pattern: p.pattern } : {}),
        ...text('tokens', 'a path to the token count the system reports, e.g. "usage.tokens"'),
        ...text('scores', 'a path to each symbol\'s score, e.g. "results[].score"'), ...until };
    }
    case 'lines':
      return { format: 'lines', ...until };
    case 'regex': {
      if (typeof p.pattern !== 'string') fail(p.pattern === undefined ? ['parse'] : ['parse', 'pattern'], '`parse.pattern` must be a regular expression');
      regex('pattern', false);
      const group = p.group ?? 1;
      if (typeof group !== 'number' || !Number.isInteger(group) || group < 0) fail(['parse', 'group'], '`parse.group` must be a capture group number');
      return { format: 'regex', pattern: p.pattern, group: group, ...until };
    }
  }
}

/** ` (did you mean \`index\`?)` for a word near one of `known`; empty otherwise. */
export function didYouMean(word: string, known: readonly string[]): string {
  let best: { key: string; d: number } | undefined;
  for (const key of known) {
    const d = editDistance(word.toLowerCase(), key.toLowerCase(), suggestionBound(key));
    if (d <= suggestionBound(key) && (!best || d < best.d)) best = { key, d };
  }
  return best ? ` (did you mean \`${best.key}\`?)` : '';
}

/** Where a value is: its node, else its nearest parent that is there. */
function offsetOf(doc: Document, path: Path): number {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
    if (node && typeof node === 'object' && node.range) return node.range[0];
  }
  return 0;
}

/** Where a key of a mapping is written. */
function keyOffset(doc: Document, path: Path, key: string): number {
  const map = (path.length === 0 ? doc.contents : doc.getIn(path, true)) as { items?: { key?: { value?: unknown; range?: number[] } }[] } | undefined;
  const pair = map?.items?.find((item) => item.key && String(item.key.value) === key);
  return pair?.key?.range?.[0] ?? offsetOf(doc, path);
}
