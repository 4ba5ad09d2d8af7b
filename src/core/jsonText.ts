// JSON kept as written, for formats that must round-trip byte for byte (the CodeGrapher JSONL,
// docs/imports.md): a number keeps its literal (`1.0` is not `1`, `1e3` is not `1000`), an object
// keeps its key order (JavaScript objects put integer-like keys first), and a value is written back
// in one of the styles JSON writers use (Python's json.dumps, JSON.stringify), byte for byte.

/** A JSON number, as its literal text. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** A JSON object, its members in their written order. */
export class JsonObject {
  constructor(readonly entries: [string, JsonValue][]) {}

  get(key: string): JsonValue | undefined {
    return this.entries.find(([k]) => k === key)?.[1];
  }

  keys(): string[] {
    return this.entries.map(([k]) => k);
  }
}

export type JsonValue = string | boolean | null | JsonNumber | JsonObject | JsonValue[];

/** JSON's number grammar (RFC 8259 §6). */
export const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Why a text is not JSON, at a 1-based column. */
export class JsonSyntaxError extends Error {
  constructor(message: string, readonly column: number) {
    super(message);
  }
}

/** Parse one JSON text (RFC 8259), keeping number literals and key order; a key given twice is refused. */
export function parseJson(text: string): JsonValue {
  let i = 0;
  const fail = (what: string, at = i): never => {
    throw new JsonSyntaxError(what, at + 1);
  };
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const shown = (at: number) => (at >= text.length ? 'the end of the line' : `\`${text[at]}\``);
  const expect = (c: string) => {
    if (text[i] !== c) fail(`expected \`${c}\`, found ${shown(i)}`);
    i++;
  };
  const string = (): string => {
    const start = i;
    expect('"');
    let out = '';
    for (;;) {
      if (i >= text.length) fail('a string is not closed', start);
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c < ' ') fail('a control character inside a string must be escaped (\\n, \\t, \\u00XX)');
      if (c !== '\\') {
        out += c;
        i++;
        continue;
      }
      const e = text[i + 1];
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (e !== undefined && e in simple) {
        out += simple[e];
        i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else fail(`\`\\${e ?? ''}\` is not a JSON escape`);
    }
  };
  const value = (): JsonValue => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: [string, JsonValue][] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return new JsonObject(entries);
      }
      for (;;) {
        ws();
        const at = i;
        const key = string();
        if (entries.some(([k]) => k === key)) fail(`the key \`${key}\` is given twice`, at);
        ws();
        expect(':');
        entries.push([key, value()]);
        ws();
        if (text[i] === ',') i++;
        else {
          expect('}');
          return new JsonObject(entries);
        }
      }
    }
    if (c === '[') {
      i++;
      const items: JsonValue[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return items;
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') i++;
        else {
          expect(']');
          return items;
        }
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (number && number[0] !== '-') {
      i += number[0].length;
      return new JsonNumber(number[0]);
    }
    return fail(`unexpected ${shown(i)}`);
  };
  const result = value();
  ws();
  if (i < text.length) fail(`unexpected ${shown(i)} after the value`);
  return result;
}

/** How a JSON writer lays a value out: its separators and whether it escapes every non-ASCII character. */
export interface JsonStyle {
  item: ', ' | ',';
  key: ': ' | ':';
  ascii: boolean;
}

/**
 * The styles a JSONL line is recognised in. `python` is json.dumps' default (CodeGrapher writes
 * its dataset with it); `compact` is JSON.stringify.
 */
export const JSON_STYLES = {
  python: { item: ', ', key: ': ', ascii: true },
  'python-utf8': { item: ', ', key: ': ', ascii: false },
  compact: { item: ',', key: ':', ascii: false },
  'compact-ascii': { item: ',', key: ':', ascii: true },
} as const satisfies Record<string, JsonStyle>;

export type JsonStyleName = keyof typeof JSON_STYLES;

const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/**
 * Which characters a string escapes beyond `"`, `\` and the control characters: `ascii` every UTF-16
 * unit above 0x7E, as json.dumps' ensure_ascii does (a character beyond the BMP as its surrogate pair);
 * `utf8` none; `yaml` those YAML's double-quoted scalars may not hold raw (DEL, C1 controls but NEL,
 * U+FFFE, U+FFFF), so the JSON text is also a YAML double-quoted scalar.
 */
export type JsonEscapes = 'ascii' | 'utf8' | 'yaml';

function escaped(unit: number, escapes: JsonEscapes): boolean {
  if (escapes === 'ascii') return unit > 0x7e;
  if (escapes === 'yaml') return (unit >= 0x7f && unit <= 0x9f && unit !== 0x85) || unit === 0xfffe || unit === 0xffff;
  return false;
}

/** A string as JSON writers escape it: `"`, `\` and the short control escapes, other control characters as \u00XX (lower-case hex). */
export function jsonString(s: string, escapes: JsonEscapes): string {
  let out = '"';
  for (const c of s) {
    for (let k = 0; k < c.length; k++) {
      const unit = c.charCodeAt(k);
      const ch = c[k];
      if (SHORT[ch] !== undefined) out += SHORT[ch];
      else if (unit < 0x20 || escaped(unit, escapes) || (c.length === 1 && unit >= 0xd800 && unit <= 0xdfff)) {
        out += `\\u${unit.toString(16).padStart(4, '0')}`;
      } else out += ch;
    }
  }
  return `${out}"`;
}

export function stringifyJson(value: JsonValue, style: JsonStyle, escapes: JsonEscapes = style.ascii ? 'ascii' : 'utf8'): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return jsonString(value, escapes);
  if (value instanceof JsonNumber) return value.text;
  if (value instanceof JsonObject) {
    return `{${value.entries.map(([k, v]) => `${jsonString(k, escapes)}${style.key}${stringifyJson(v, style, escapes)}`).join(style.item)}}`;
  }
  return `[${value.map((v) => stringifyJson(v, style, escapes)).join(style.item)}]`;
}

/** A value as YAML flow text: JSON, spaced, escaping what a YAML double-quoted scalar may not hold raw. */
export function yamlFlow(value: JsonValue): string {
  return stringifyJson(value, JSON_STYLES['python-utf8'], 'yaml');
}

/** The first style that writes `value` as exactly `text`, if any. */
export function styleOf(text: string, value: JsonValue): JsonStyleName | undefined {
  return (Object.keys(JSON_STYLES) as JsonStyleName[]).find((name) => stringifyJson(value, JSON_STYLES[name]) === text);
}

/** Deep equality, key order and number literals included. */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a instanceof JsonNumber || b instanceof JsonNumber) return a instanceof JsonNumber && b instanceof JsonNumber && a.text === b.text;
  if (a instanceof JsonObject || b instanceof JsonObject) {
    return a instanceof JsonObject && b instanceof JsonObject && a.entries.length === b.entries.length
      && a.entries.every(([k, v], i) => b.entries[i][0] === k && jsonEqual(v, b.entries[i][1]));
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  return a === b;
}

/** The first lone UTF-16 surrogate in a value's strings (keys included), which no UTF-8 file can hold. */
export function loneSurrogate(value: JsonValue): string | undefined {
  if (typeof value === 'string') {
    const m = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(value);
    return m ? `\\u${m[0].charCodeAt(0).toString(16)}` : undefined;
  }
  if (value instanceof JsonObject) {
    for (const [k, v] of value.entries) {
      const found = loneSurrogate(k) ?? loneSurrogate(v);
      if (found) return found;
    }
  }
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = loneSurrogate(v);
      if (found) return found;
    }
  }
  return undefined;
}
