// Regular expressions about one name (`x` assigned, `x` a parameter, `global x`), as the rules ask
// of many lines for each name a use resolves. V8 compiles a regular expression at its first use,
// about 0.1 ms each, which came to a tenth of `candidates`' resolution on flask when each use built
// its own: each is built once per name, and compiled only once a line could match it. Every
// pattern here names its name as a whole word (no word character before or after it), so a line
// that holds it nowhere as one (most lines, even for `t` or `app`) is passed over unread.

/**
 * Does `text` hold `name` with no word character (`\w`) just before it, where the name starts with
 * one, and none just after it, where it ends with one? What `\bname\b` asks, for names such as
 * `$el` too; a pattern that writes the name between non-word characters matches only such text.
 */
export function holdsName(text: string, name: string): boolean {
  if (name === '') return true;
  const first = WORD.test(name[0]);
  const last = WORD.test(name[name.length - 1]);
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if ((!first || at === 0 || !WORD.test(text[at - 1])) && (!last || at + name.length === text.length || !WORD.test(text[at + name.length]))) return true;
  }
  return false;
}

const WORD = /\w/;

/** A pattern that can match only where `name` is written as a word (and `lead`, one pattern for every name, matches). */
export class NamePattern {
  private compiled?: RegExp;

  constructor(private readonly name: string, private readonly source: string, private readonly lead?: RegExp) {}

  test(text: string): boolean {
    return this.may(text) && (this.compiled ??= new RegExp(this.source)).test(text);
  }

  exec(text: string): RegExpExecArray | null {
    return this.may(text) ? (this.compiled ??= new RegExp(this.source)).exec(text) : null;
  }

  private may(text: string): boolean {
    return holdsName(text, this.name) && (this.lead === undefined || this.lead.test(text));
  }
}

const made = new Map<string, NamePattern>();

/**
 * The pattern `kind` for `name`: `source` writes it around the name, escaped (`$` is literal), and
 * must match only text that holds the name as a word (holdsName), and that `lead` (no global or sticky flag)
 * matches where given. `kind` names the source (one per call site).
 */
export function namePattern(kind: string, name: string, source: (escaped: string) => string, lead?: RegExp): NamePattern {
  const key = `${kind}\0${name}`;
  let p = made.get(key);
  if (!p) {
    if (made.size >= 10_000) made.clear(); // a long editor session reads many names
    made.set(key, (p = new NamePattern(name, source(name.replace(/\$/g, '\\$')), lead)));
  }
  return p;
}
