// One CodeGrapher JSONL record (003_3aaec7e2f13a68ee.txt, "Dataset Schema") and the fixture it
// becomes, both ways, field by field (docs/imports.md). Fields with a place in the fixture go there;
// the rest stay under `codegrapher:` as written, with the record's key order and JSON style, so that
// the fixture gives its line back byte for byte.
import { CODEGRAPHER_KEPT, CodegrapherBlock } from '../fixtures/codegrapher';
import type { Fixture } from '../fixtures/model';
import { isSafePathComponent, safeNameLike, SAFE_NAME_RULE } from '../io/pathComponent';
import { lineText } from '../untrusted/lineText';
import {
  JSON_STYLES, jsonEqual, JsonObject, JsonSyntaxError, JsonValue, loneSurrogate, parseJson, stringifyJson, styleOf, yamlFlow,
} from '../jsonText';

/** The seed's fields in the seed's order: the order a record's keys take unless it says otherwise. */
export const CODEGRAPHER_FIELDS = [
  'task_id', 'description', 'repo', 'commit_before', 'commit_after', 'cursor_file', 'query_terms', 'query_category',
  'files_edited', 'expected_bundle_should_contain', 'baseline_tokens_sent', 'expected_tokens_with_codegraph', 'notes',
] as const;

/** The seed's required fields. */
export const CODEGRAPHER_REQUIRED = [
  'task_id', 'description', 'repo', 'commit_before', 'commit_after', 'cursor_file', 'query_terms', 'files_edited',
] as const;

/** What the fixture of a record holds. */
export interface RecordFixture {
  id: string;
  task: string;
  /** The repository's URL as the record writes it. */
  repoUrl: string;
  base: string;
  head: string;
  /** files_edited, in order: the files CodeGrapher's recall and precision are measured over. */
  groundTruth: string[];
  notes?: string;
  block: CodegrapherBlock;
}

const SHA = /^[0-9a-fA-F]{4,64}$/;
const isStringList = (v: JsonValue | undefined): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The record on one line (without its line break), or why it cannot be imported: one line saying what to fix. */
export function readRecordLine(line: string, lineNumber: number): { record: RecordFixture } | { problem: string; column: number } {
  let value: JsonValue;
  try {
    value = parseJson(line);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { problem: `not JSON (${e.message}): each line holds one CodeGrapher record, a JSON object; fix the line or remove it`, column: e.column };
  }
  const problem = (message: string) => ({ problem: message, column: 1 });
  if (!(value instanceof JsonObject)) return problem('a line must hold one JSON object (a CodeGrapher record), not a list or a single value');
  const missing = CODEGRAPHER_REQUIRED.filter((k) => value.get(k) === undefined);
  if (missing.length > 0) {
    return problem(`the record lacks ${missing.map((k) => `\`${k}\``).join(', ')}, which the CodeGrapher format requires (${
      CODEGRAPHER_REQUIRED.join(', ')}): add ${missing.length === 1 ? 'it' : 'them'}`);
  }
  const surrogate = loneSurrogate(value);
  if (surrogate) return problem(`the record holds a lone UTF-16 surrogate (${surrogate}), which a UTF-8 fixture cannot keep: fix the text`);
  const get = (k: string) => value.get(k);
  const id = get('task_id');
  if (typeof id !== 'string' || !isSafePathComponent(id)) {
    const shown = typeof id === 'string' ? id : stringifyJson(id ?? null, JSON_STYLES.compact);
    // On the problem's one line: a line break in the id would print a line of the file's choosing.
    return problem(`task_id \`${lineText(shown)}\` cannot be a fixture id: use ${SAFE_NAME_RULE} (a string), e.g. \`${safeNameLike(shown)}\``);
  }
  const task = get('description');
  if (typeof task !== 'string' || task.trim() === '') return problem('`description` must be the task\'s text (a non-empty string)');
  const repoUrl = get('repo');
  if (typeof repoUrl !== 'string' || repoUrl.trim() === '') return problem('`repo` must be the repository\'s URL (a string)');
  for (const k of ['commit_before', 'commit_after']) {
    const v = get(k);
    if (typeof v !== 'string' || !SHA.test(v)) {
      return problem(`\`${k}\` must be a commit SHA (hex, e.g. 40 characters), not \`${stringifyJson(v ?? null, JSON_STYLES.compact)}\`: `
        + 'resolve branch names to commits first');
    }
  }
  if (typeof get('cursor_file') !== 'string') return problem('`cursor_file` must be a file path (a string)');
  if (!isStringList(get('query_terms'))) return problem('`query_terms` must be a list of strings');
  const files = get('files_edited');
  if (!isStringList(files) || files.some((f) => f === '')) return problem('`files_edited` must be a list of file paths (non-empty strings)');

  const notes = get('notes');
  const notesHome = typeof notes === 'string' && notes !== '';
  const block: CodegrapherBlock = { kept: new Map(), line_number: lineNumber };
  const extra: [string, JsonValue][] = [];
  for (const [key, v] of value.entries) {
    if (key === 'notes' && notesHome) continue;
    if ((CODEGRAPHER_KEPT as readonly string[]).includes(key)) block.kept.set(key, v);
    else if (!(CODEGRAPHER_FIELDS as readonly string[]).includes(key)) extra.push([key, v]);
  }
  if (extra.length > 0) block.extra = new JsonObject(extra);
  const keys = value.keys();
  if (!sameList(keys, defaultOrder(keys, block.extra))) block.key_order = keys;
  const style = styleOf(line, value);
  if (style === undefined) block.json_line = line;
  else if (style !== 'python') block.json_style = style;
  return {
    record: {
      id, task, repoUrl, base: get('commit_before') as string, head: get('commit_after') as string, groundTruth: files,
      ...(notesHome ? { notes } : {}), block,
    },
  };
}

/** The seed's fields present, in the seed's order, then the record's other fields in theirs. */
function defaultOrder(keys: string[], extra: JsonObject | undefined): string[] {
  return [...CODEGRAPHER_FIELDS.filter((k) => keys.includes(k)), ...(extra?.keys() ?? [])];
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The fixture's YAML: strings double-quoted, the block's values as JSON flow (a JSON number stays its literal). */
export function recordFixtureText(r: RecordFixture, repoName: string): string {
  const q = (s: string) => yamlFlow(s);
  const lines = [
    `id: ${q(r.id)}`,
    `repo: ${q(repoName)}`,
    `source: ${q('codegrapher')}`,
    'diff:',
    `  base: ${q(r.base)}`,
    `  head: ${q(r.head)}`,
    `task: ${q(r.task)}`,
    r.groundTruth.length === 0 ? 'ground_truth: []' : 'ground_truth:',
    ...r.groundTruth.map((f) => `  - ${q(f)}`),
    ...(r.notes !== undefined ? [`notes: ${q(r.notes)}`] : []),
    'codegrapher:',
    ...blockLines(r.block),
  ];
  return `${lines.join('\n')}\n`;
}

function blockLines(b: CodegrapherBlock): string[] {
  const out = [...b.kept].map(([k, v]) => `  ${k}: ${yamlFlow(v)}`);
  if (b.extra) out.push(`  extra: ${yamlFlow(b.extra)}`);
  if (b.key_order) out.push(`  key_order: ${yamlFlow(b.key_order)}`);
  if (b.json_style) out.push(`  json_style: ${yamlFlow(b.json_style)}`);
  if (b.json_line !== undefined) out.push(`  json_line: ${yamlFlow(b.json_line)}`);
  if (b.line_number !== undefined) out.push(`  line_number: ${b.line_number}`);
  return out;
}

/** What a fixture without a `codegrapher:` block takes from elsewhere: repos.yaml and the change. */
export interface RecordContext {
  repoUrl?: string;
  repoCommit?: string;
  /** The file the change edits first (only asked for when the block has no cursor_file). */
  cursorFile?: () => Promise<string>;
}

/** The record a fixture gives, in its key order; a field it cannot fill is an Error whose message says what to add. */
export async function fixtureRecord(f: Fixture, context: RecordContext): Promise<JsonObject> {
  const b = f.codegrapher;
  const kept = (k: string) => b?.kept.get(k);
  const need = (v: JsonValue | undefined, field: string, fix: string): JsonValue => {
    if (v === undefined) throw new Error(`has no ${field} for the record: ${fix}`);
    return v;
  };
  const values = new Map<string, JsonValue>();
  values.set('task_id', need(f.id, 'id', 'add `id:`'));
  values.set('description', need(f.task, 'task', 'add `task:`'));
  values.set('repo', need(kept('repo') ?? context.repoUrl, 'repository URL', 'give its repos.yaml entry a `url:`'));
  values.set('commit_before', need(f.diff?.base ?? f.commit ?? context.repoCommit, 'commit_before', 'add `diff:` {base, head}'));
  // A fixture pinned at one commit is a record whose change is empty: commit_after is its commit_before.
  values.set('commit_after', kept('commit_after') ?? f.diff?.head ?? values.get('commit_before')!);
  values.set('cursor_file', kept('cursor_file')
    ?? (context.cursorFile ? await context.cursorFile() : need(undefined, 'cursor_file', 'add codegrapher.cursor_file')));
  values.set('query_terms', kept('query_terms') ?? []);
  values.set('files_edited', f.ground_truth.map((l) => l.symbol));
  for (const k of CODEGRAPHER_KEPT) {
    if (!values.has(k) && kept(k) !== undefined) values.set(k, kept(k)!);
  }
  if (!values.has('notes') && f.notes !== undefined) values.set('notes', f.notes);
  for (const [k, v] of b?.extra?.entries ?? []) if (!values.has(k)) values.set(k, v);
  const present = [...values.keys()];
  const order = [...(b?.key_order ?? []).filter((k) => values.has(k)), ...defaultOrder(present, b?.extra)];
  return new JsonObject([...new Set(order)].map((k) => [k, values.get(k)!]));
}

/** The record's line: as it was imported while the record is unchanged, else in its style (json.dumps' by default). */
export function recordLine(record: JsonObject, b: CodegrapherBlock | undefined): string {
  if (b?.json_line !== undefined) {
    try {
      if (jsonEqual(parseJson(b.json_line), record)) return b.json_line;
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
    }
  }
  return stringifyJson(record, JSON_STYLES[b?.json_style ?? 'python']);
}
