// Is an answer what it seems? A system that exits 0 can still have answered nothing: names that
// do not exist at the revision (its output was not mapped to Fixture Lab's names), a warning of
// its own that it is degraded, or a crash whose cause is buried under a runtime's trailer. One
// place tells these, for `systems check`, the run's raw answers, FINDINGS.md and the panel.
import { symbolKey } from '../symbols/normalize';
import type { SymbolResolver } from '../symbols/resolve';

export interface NamesAtRevision {
  /** Distinct names returned (by comparison key). */
  returned: number;
  /** How many of them are defined at the revision: the resolution `validate` uses. */
  exist: number;
  /** Returned names not defined there, as the system gave them (in its order). */
  missing: string[];
}

/** How many of `names` exist at `rev`: the resolution `validate` uses (resolveSymbols.ts). */
export async function namesAtRevision(resolver: SymbolResolver, rev: string, names: string[], module?: string): Promise<NamesAtRevision> {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = symbolKey(name, { module });
    if (key && !byKey.has(key)) byKey.set(key, name);
  }
  const answers = await resolver.resolve(rev, byKey.keys());
  const missing = [...byKey].filter(([key]) => !answers.get(key)?.found).map(([, name]) => name);
  return { returned: byKey.size, exist: byKey.size - missing.length, missing };
}

/** Lines of a runtime's own trailer, never a cause: `Node.js v20.20.2`, a stack frame, a code frame's caret. */
const NOT_A_CAUSE = [
  /^Node\.js v\d/,
  /^(?:Python|Ruby|Go|Java|OpenJDK)\s+v?\d[\w.]*$/i,
  /^at\s/,
  /^\^+$/,
  /^node:internal\//,
  /^(?:throw|raise)\b/,
  /^[{}[\]()]+,?$/,
  /^Traceback \(most recent call last\):$/,
  /^File ".*", line \d+/,
  /^Require stack:$/,
  /^-\s/,
  /^(?:code|requireStack|errno|syscall|path):/,
];
/** A line that says what went wrong: `Error: Cannot find module …`, `ModuleNotFoundError: …`, `fatal: …`, `panic: …`. */
const CAUSE = new RegExp([
  /^(?:[\w.$]*(?:Error|Exception)|error|fatal|panic)\b\s*(?:\[[^\]]*\])?:/.source,
  /\b(?:cannot|can't|could not|not found|no such|unknown (?:option|command|argument)|invalid|denied|refused|failed)\b/.source,
].join('|'), 'i');

/**
 * The first stderr line that names a cause: an error line (`Error: Cannot find module '/x'`),
 * else one that says what failed, else the last line that is not a runtime's trailer. A crash of
 * Node ends with `Node.js v20.20.2`, Python's starts with `Traceback`: neither says why.
 */
export function stderrCause(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((l) => logMessage(l.trim()) ?? l.trim()).filter((l) => l.length > 0);
  const candidates = lines.filter((l) => !NOT_A_CAUSE.some((re) => re.test(l)));
  const cause = candidates.find((l) => CAUSE.test(l)) ?? candidates[candidates.length - 1];
  return cause?.slice(0, 300);
}

/** The message of a structured (JSON) log line: pino's `msg`, or `message`. */
function logMessage(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  const log = parseJson(line) as { msg?: unknown; message?: unknown } | undefined;
  const m = log && typeof log === 'object' ? log.msg ?? log.message : undefined;
  return typeof m === 'string' ? m : undefined;
}

/** Levels of structured log lines (pino's 40, or words) that are warnings or worse. */
const WARNING_LEVELS = new Set(['warn', 'warning', 'error', 'fatal', 'critical']);

/**
 * What a system said about its own health: a `warning`/`warnings` field at the top of its JSON
 * output, and stderr lines that are warnings (`Warning: …`, `WARN …`, a JSON log line at level
 * warn or above). Each once, in order, at most 300 characters. `until` is parse.until: the
 * output is read up to it (a trailer the system appends after its JSON).
 */
export function systemWarnings(output: string, stderr = '', until?: string): string[] {
  const found: string[] = [];
  const add = (w: unknown) => {
    if (typeof w !== 'string' || !w.trim()) return;
    const line = w.trim().split('\n')[0].slice(0, 300);
    if (!found.includes(line)) found.push(line);
  };
  const json = leadingJson(until && output.includes(until) ? output.slice(0, output.indexOf(until)) : output);
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const o = json as Record<string, unknown>;
    add(o.warning);
    if (Array.isArray(o.warnings)) o.warnings.forEach(add);
  }
  for (const raw of stderr.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('{')) {
      const log = parseJson(line);
      if (log && typeof log === 'object') {
        const { level, msg, message } = log as { level?: unknown; msg?: unknown; message?: unknown };
        const warnLevel = typeof level === 'number' ? level >= 40 : typeof level === 'string' && WARNING_LEVELS.has(level.toLowerCase());
        if (warnLevel) add(msg ?? message);
        continue;
      }
    }
    if (/^(?:\W{0,3}\s*)?(?:warn(?:ing)?|deprecat\w*)\b\s*[:\]!-]?/i.test(line)) add(line.replace(/^\W{1,3}\s*/, ''));
  }
  return found;
}

/** The output as JSON, when it is a JSON object. */
function leadingJson(text: string): unknown {
  const trimmed = text.trim();
  return trimmed.startsWith('{') ? parseJson(trimmed) : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
