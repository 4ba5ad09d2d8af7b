// Is an answer what it seems? A system that exits 0 can still have answered nothing: names that
// do not exist at the revision (its output was not mapped to Fixture Lab's names), a warning of
// its own that it is degraded, or a crash whose cause is buried under a runtime's trailer. One
// place tells these, for `systems check`, the run's raw answers, FINDINGS.md and the panel. The run
// records them in each ok answer (run.ts: over_budget, warning, names_checked/names_resolved,
// health); FINDINGS.md's System health table, the failure analysis and the panel read them here.
import { fmt } from '../../shared/figures';
import type { RawResult } from '../scoring/answers';
import { symbolKey } from '../symbols/normalize';
import { clipped } from '../untrusted/lineText';
import type { SymbolResolver } from '../symbols/resolve';

export interface NamesAtRevision {
  /** Distinct names returned (by comparison key). */
  returned: number;
  /** How many of them are defined at the revision: the resolution `validate` uses. */
  exist: number;
  /** Returned names not defined there, as the system gave them (in its order). */
  missing: string[];
  /**
   * Where some of `missing` would be defined but tree-sitter could not read the file whole
   * (parseDamage.ts), one line per file: they may be right, and are scored as misses.
   */
  unparsed?: string[];
  /** Returned names (of those that exist) that are a file's name, not a definition in it (`httpx/_decoders.py`). */
  files?: number;
}

/** How many of `names` exist at `rev`: the resolution `validate` uses (resolveSymbols.ts). */
export async function namesAtRevision(resolver: SymbolResolver, rev: string, names: string[], module?: string): Promise<NamesAtRevision> {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = symbolKey(name, { module });
    if (key && !byKey.has(key)) byKey.set(key, name);
  }
  const answers = await resolver.resolve(rev, byKey.keys());
  const missingKeys = [...byKey.keys()].filter((key) => !answers.get(key)?.found);
  const unparsed = new Set<string>();
  for (const key of missingKeys) {
    const damaged = await resolver.damageFor(rev, key).catch(() => undefined);
    if (damaged) unparsed.add(damaged.reason);
  }
  const missing = missingKeys.map((key) => byKey.get(key)!);
  const found = [...byKey.keys()].filter((key) => answers.get(key)?.found);
  const files = found.length > 0 ? (await resolver.fileNames(rev, found).catch(() => new Set<string>())).size : 0;
  return { returned: byKey.size, exist: byKey.size - missing.length, missing, ...(unparsed.size > 0 ? { unparsed: [...unparsed] } : {}),
    ...(files > 0 ? { files } : {}) };
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

/** The system's warnings with one answer, as one line (systemWarnings), or undefined when it gave none. */
export function warningOf(output: string, stderr?: string, until?: string): string | undefined {
  const said = systemWarnings(output, stderr, until);
  if (said.length === 0) return undefined;
  const line = said.join('; ');
  return clipped(line, WARNING_CHARS);
}

/** A warning is kept to one line of this many characters. */
const WARNING_CHARS = 300;

/** An answer's tokens passed its budget (a system without a budget control, or one that ignores it). */
export function overBudget(raw: Pick<RawResult, 'status' | 'tokens' | 'budget'>): boolean {
  return raw.status === 'ok' && raw.tokens > raw.budget;
}

/**
 * The fields the run records in an ok answer: `over_budget` always; `warning` when the system
 * warned; `names_checked`/`names_resolved` when its names could be checked; `health` when the
 * answer is empty or none of its names exists at the revision.
 */
export function healthFields(raw: RawResult, names?: NamesAtRevision, until?: string): Partial<RawResult> {
  if (raw.status !== 'ok') return {};
  const warning = warningOf(raw.output, raw.stderr, until);
  const health = raw.symbols.length === 0 ? 'empty' : names && names.returned > 0 && names.exist === 0 ? 'unmapped' : undefined;
  return {
    over_budget: overBudget(raw),
    ...(warning ? { warning } : {}),
    ...(names ? { names_checked: names.returned, names_resolved: names.exist } : {}),
    ...(names?.unparsed ? { names_unparsed: names.unparsed } : {}),
    ...(names && names.missing.length > 0 ? { names_missing: names.missing.slice(0, MISSING_EXAMPLES) } : {}),
    ...(names?.files ? { names_files: names.files } : {}),
    ...(health ? { health } : {}),
  };
}

/** How many names an answer keeps of those not defined at its revision, as examples for the warning that they score as misses. */
const MISSING_EXAMPLES = 5;

/** An answer's health as recorded, or as far as it can be told from an answer recorded before these fields. */
export function answerHealth(raw: RawResult): { empty: boolean; unmapped: boolean; warning?: string; overBudget: boolean } {
  const ok = raw.status === 'ok';
  const warning = ok ? raw.warning ?? warningOf(raw.output, raw.stderr) : undefined;
  return {
    empty: ok && raw.symbols.length === 0,
    unmapped: ok && raw.symbols.length > 0
      && (raw.health === 'unmapped' || (raw.names_checked !== undefined && raw.names_checked > 0 && raw.names_resolved === 0)),
    ...(warning ? { warning } : {}),
    overBudget: raw.over_budget ?? overBudget(raw),
  };
}

/** One system's health over a run's answers (its ok ones: a failure is a failure, counted in Table 1's note). */
export interface SystemHealth {
  system: string;
  /** Answers that came back (status ok). */
  answers: number;
  empty: number;
  unmapped: number;
  /** Distinct names checked against the revision, and those that exist there; 0 checked when none could be. */
  checked: number;
  resolved: number;
  overBudget: number;
  /** The most tokens one answer took over its budget, with that budget. */
  worst?: { tokens: number; budget: number };
  warned: number;
  /** The first warning it gave, as it said it. */
  warning?: string;
  /** Replayed answers whose recording does not say which task text it answered (made before it was kept, or a TREC run's). */
  unknownText?: number;
  /** Files tree-sitter could not read whole where names it returned would be defined (RawResult.names_unparsed), each once. */
  unparsed?: string[];
  /** Answers that failed or timed out (scored as empty lists), and the first one's error. */
  failed?: number;
  failure?: string;
  /** Names it returned that are not defined at the revision (RawResult.names_missing), a few, each once. */
  missing?: string[];
  /** More names were not defined than `missing` lists (or an answer recorded before names_missing). */
  missingMore?: boolean;
  /** Distinct names it returned that are a file's name rather than a definition (RawResult.names_files), summed over answers. */
  files?: number;
}

export function systemHealth(raws: readonly RawResult[]): SystemHealth[] {
  const systems = [...new Set(raws.map((r) => r.system))].sort();
  return systems.map((system) => {
    const h: SystemHealth = { system, answers: 0, empty: 0, unmapped: 0, checked: 0, resolved: 0, overBudget: 0, warned: 0 };
    for (const raw of raws) {
      if (raw.system !== system) continue;
      if (raw.status !== 'ok') {
        h.failed = (h.failed ?? 0) + 1;
        const error = (raw.error ?? 'no error recorded').split('\n')[0];
        h.failure ??= `${raw.status}: ${clipped(error, 200)}`;
        continue;
      }
      const a = answerHealth(raw);
      h.answers++;
      if (raw.source === 'replay' && raw.task_text === undefined) h.unknownText = (h.unknownText ?? 0) + 1;
      if (a.empty) h.empty++;
      if (a.unmapped) h.unmapped++;
      for (const line of raw.names_unparsed ?? []) if (!h.unparsed?.includes(line)) (h.unparsed ??= []).push(line);
      for (const name of raw.names_missing ?? []) {
        if (h.missing?.includes(name)) continue;
        if ((h.missing?.length ?? 0) < MISSING_EXAMPLES) (h.missing ??= []).push(name);
        else h.missingMore = true;
      }
      if ((raw.names_checked ?? 0) - (raw.names_resolved ?? 0) > (raw.names_missing?.length ?? 0)) h.missingMore = true;
      if (raw.names_files) h.files = (h.files ?? 0) + raw.names_files;
      h.checked += raw.names_checked ?? 0;
      h.resolved += raw.names_resolved ?? 0;
      if (a.overBudget) {
        h.overBudget++;
        if (!h.worst || raw.tokens - raw.budget > h.worst.tokens - h.worst.budget) h.worst = { tokens: raw.tokens, budget: raw.budget };
      }
      if (a.warning) {
        h.warned++;
        h.warning ??= a.warning;
      }
    }
    return h;
  });
}

/** Names resolved as a percentage, `n/a` when none were checked. */
export function resolvedShare(h: Pick<SystemHealth, 'checked' | 'resolved'>): string {
  return h.checked === 0 ? 'n/a' : `${fmt((100 * h.resolved) / h.checked, 1)}%`;
}

/** A system whose answers are mostly empty or unmapped: its zeros say nothing about retrieval. */
export function mostlyNothing(h: SystemHealth): boolean {
  return h.answers > 0 && (h.empty + h.unmapped) * 2 > h.answers;
}

/** A system most of whose answers failed or timed out: its scores are mostly those of empty lists. */
export function mostlyFailed(h: SystemHealth): boolean {
  const failed = h.failed ?? 0;
  return failed > 0 && failed * 2 > failed + h.answers;
}

/**
 * The sentences FINDINGS.md and the panel warn with, one per system that needs one: nothing on
 * most tasks (with its warning), any answer unmapped, empty or warned about, answers over budget.
 * Plain text: the caller escapes it for where it is shown.
 */
export function healthWarnings(rows: readonly SystemHealth[]): string[] {
  const out: string[] = [];
  for (const h of rows) {
    const said = h.warning ? ` It warned: "${h.warning}"` : '';
    const of = (n: number) => `${n} of ${h.answers} answer${h.answers === 1 ? '' : 's'}`;
    if (mostlyNothing(h)) {
      const what = [h.empty ? `no symbols on ${of(h.empty)}` : '',
        h.unmapped ? `only names that do not exist at the revision on ${of(h.unmapped)}` : ''].filter(Boolean).join(' and ');
      // Unmapped names still score where the matching rule takes one for an entry (`Client.send`), so they are not said to be zeros.
      const cause = h.unmapped > h.empty ? 'its scores measure a parse that maps nothing (check `parse`)' : 'its scores are zeros of a degraded system';
      out.push(`${h.system} returned ${what}: ${cause}, not a measure of its retrieval.${said}`);
    } else {
      const parts = [h.empty ? `no symbols on ${of(h.empty)}` : '', h.unmapped ? `only unresolved names on ${of(h.unmapped)}` : '',
        h.warned ? `a warning on ${of(h.warned)}` : ''].filter(Boolean);
      if (parts.length > 0) out.push(`${h.system} gave ${parts.join(', ')}.${said}`);
    }
    if (h.failed) {
      const tasks = h.failed + h.answers;
      out.push(`${h.system} failed or timed out on ${h.failed} of ${tasks} answer${tasks === 1 ? '' : 's'} (first: ${h.failure}): `
        + `${h.failed === tasks ? 'its scores are' : 'those score as'} empty lists, not a measure of its retrieval; its raw answers say why.`);
    }
    const unresolved = h.checked - h.resolved;
    if (unresolved > 0 && !mostlyNothing(h)) {
      const examples = h.missing?.length ? ` (${h.missing.map((n) => `\`${n}\``).join(', ')}${h.missingMore ? ', …' : ''})` : '';
      out.push(`${h.system} returned ${unresolved} of ${h.checked} names that are not defined at the task's revision${examples}: `
        + 'they score as misses; if they are its names written another way (another revision, a path, another qualifier), fix `parse`.');
    }
    if (h.files) out.push(`${h.system} returned ${h.files} file name${h.files === 1 ? '' : 's'} (not a definition in the file) among its ${h.checked} names: `
      + 'a file is credited only by a ground-truth entry naming that file, so its symbol scores count them as misses; '
      + 'the file granularity (docs/scoring.md#granularities) measures them.');
    if (h.unknownText) out.push(`${h.system}: ${of(h.unknownText)} replayed from a recording that does not say which task text it answered `
      + '(recorded before Fixture Lab kept it, or a TREC run\'s): a task edited since the recording would be scored on the answer to its old text; '
      + 'record it again to have it checked.');
    if (h.unparsed) out.push(`${h.system} returned names not defined at the revision in files that could not be read whole, `
      + `which may be right and are scored as misses: ${h.unparsed.join('; ')}.`);
    if (h.overBudget > 0 && h.worst) out.push(`${h.system} went over its token budget on ${of(h.overBudget)} `
      + `(up to ${h.worst.tokens.toLocaleString('en-US')} tokens at a budget of ${h.worst.budget.toLocaleString('en-US')}): `
      + 'it has no budget control, and is not credited with the budget.');
  }
  return out;
}
