// The one keyword extractor every keyword-based adapter shares, exactly as docs/scoring.md#systems-corpussystemsyaml describes
// the grep baseline's: the task split on whitespace, stopwords removed, CamelCase and snake_case
// split. The same word splitting tells failure analysis whether a symbol's name shares a word
// with the task (a vocabulary miss when it does not).

/** English function words and the verbs every task uses; they find nothing specific in code. */
const STOPWORDS = new Set(
  `a about above after again all also an and any are as at be because been before being below between both but by can could did do does doing
  down during each either else ever every few for from further had has have having he her here how i if in into is it its itself just least
  let like make makes may me might more most must my never no nor not now of off on once one only or other our out over own same shall she
  should since so some still such than that the their them then there these they this those through to too under until up upon us use used
  using very via was we were what when where whether which while who whom why will with within without would yet you your add adds added
  change changes changed new instead already always get gets show shows way ways need needs want wants`
    .split(/\s+/)
    .filter(Boolean),
);

/** `SetPodStatus` -> set, pod, status; `apply_discount` -> apply, discount; `HTTPServer` -> http, server. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0);
}

/**
 * The task's keywords in order of first appearance, each once: every whitespace-separated token
 * with its punctuation trimmed, then the parts of CamelCase and snake_case tokens; stopwords,
 * numbers and one- or two-letter words dropped. An identifier keeps its own spelling too, so
 * `MaxRetries` searches for itself as well as for `max` and `retries`.
 */
export function extractKeywords(task: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (word: string) => {
    const key = word.toLowerCase();
    if (key.length < 3 || /^\d+$/.test(key) || STOPWORDS.has(key) || seen.has(key)) return;
    seen.add(key);
    out.push(word);
  };
  for (const raw of task.split(/\s+/)) {
    const token = raw.replace(/^[^A-Za-z0-9_]+|[^A-Za-z0-9_]+$/g, '');
    if (!token) continue;
    const parts = identifierWords(token);
    if (parts.length > 1 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(token)) add(token);
    for (const part of parts) add(part);
  }
  return out;
}

/**
 * The lower-cased words of a text, plurals folded (`prices` and `price` are one word), for
 * "does this name share a word with the task". A crude fold, on purpose: it only decides a
 * suggestion, and a person confirms or changes it in triage.
 */
export function wordsOf(text: string): Set<string> {
  return new Set(identifierWords(text).map(foldPlural));
}

export function foldPlural(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
