// corpus/repos.yaml: the repositories of the corpus, each pinned to one commit.
import type { Node } from 'yaml';
import { join, relative, resolve } from 'node:path';
import { yamlFlow } from '../jsonText';
import { FixtureLabError, Problem, ProblemCode } from '../problems';
import { contentEnd, firstAlias, isEmptyValue, isMap, isSeq, lineEnd, lineStart, pairOf, parseYaml, stringValue } from '../yamlText';
import { isSafePathComponent, safeNameLike, SAFE_NAME_RULE } from '../io/pathComponent';

export interface RepoEntry {
  name: string;
  url?: string;
  commit?: string;
  /** One repository may hold several languages. */
  language: string[];
  module?: string;
  /** A local checkout, relative to repos.yaml's folder. */
  path?: string;
}

export function readRepos(text: string, file: string): { repos: RepoEntry[]; problems: Problem[] } {
  const { doc, lines } = parseYaml(text);
  const problems: Problem[] = [];
  const report = (offset: number, severity: 'error' | 'warning', code: ProblemCode, message: string) =>
    problems.push({ file, ...lines.linePos(offset), severity, code, message });
  for (const e of doc.errors) report(e.pos[0], 'error', 'yaml-syntax', `YAML syntax: ${e.message.split('\n')[0]}`);
  if (doc.errors.length > 0) return { repos: [], problems };
  const alias = firstAlias(doc);
  if (alias) report(alias.offset, 'error', 'yaml-alias', alias.message);
  const list = isMap(doc.contents) ? pairOf(doc.contents, 'repos')?.value : undefined;
  if (!isSeq(list)) {
    report(0, 'error', 'bad-repos', 'repos.yaml must have `repos:`, a list of {name, url, commit, language, module, path}');
    return { repos: [], problems };
  }
  const repos: RepoEntry[] = [];
  const seen = new Set<string>();
  for (const node of list.items as Node[]) {
    const at = node.range?.[0] ?? 0;
    if (!isMap(node)) {
      report(at, 'error', 'bad-repo', 'each repo is a mapping {name, url, commit, language, module, path}');
      continue;
    }
    const get = (key: string) => stringValue(pairOf(node, key)?.value);
    const name = get('name');
    if (!name) {
      report(at, 'error', 'missing-field', 'a repo needs `name:`');
      continue;
    }
    // A repository's name names its folders (tasks/<repo>/, .repos/.worktrees/<repo>@REV): one path component, as a fixture id is.
    if (!isSafePathComponent(name)) report(at, 'error', 'bad-repo', unsafeRepoName(name));
    if (seen.has(name)) report(at, 'error', 'duplicate-repo', `repo \`${name}\` is named twice`);
    seen.add(name);
    const langNode = pairOf(node, 'language')?.value;
    const language = isSeq(langNode)
      ? (langNode.items.map((n) => stringValue(n)).filter(Boolean) as string[])
      : isEmptyValue(langNode) ? [] : [stringValue(langNode)!].filter(Boolean);
    if (language.length === 0) report(at, 'warning', 'missing-field', `repo \`${name}\` has no \`language:\``);
    if (!get('commit')) report(at, 'warning', 'missing-field', `repo \`${name}\` has no pinned \`commit:\``);
    const repo: RepoEntry = { name, language };
    for (const key of ['url', 'commit', 'module', 'path'] as const) {
      const v = get(key);
      if (v !== undefined) repo[key] = v;
    }
    repos.push(repo);
  }
  return { repos, problems };
}

/**
 * Where a corpus repository is checked out: a path the user set (the extension's
 * `fixtureLab.repositoryPaths`, a CLI flag) wins over repos.yaml's `path:`; both may be relative to
 * the corpus folder. Without either, one line says what to set.
 */
export function repositoryPath(corpusDir: string, repo: RepoEntry, override?: string): string {
  if (!isSafePathComponent(repo.name)) throw new FixtureLabError(unsafeRepoName(repo.name), join(corpusDir, 'repos.yaml'));
  const chosen = override || repo.path;
  if (!chosen) {
    throw new FixtureLabError(
      `repo \`${repo.name}\` has no local checkout: clone ${repo.url ?? 'it'} and set \`path:\` in repos.yaml (or the `
        + `fixtureLab.repositoryPaths setting)`, join(corpusDir, 'repos.yaml'));
  }
  return resolve(corpusDir, chosen);
}

/** Why a repository name is refused, with a name that would do. */
export function unsafeRepoName(name: string): string {
  return `repo name \`${name}\` must be one path component (${SAFE_NAME_RULE}; no \`/\`, no \`..\`), e.g. \`${safeNameLike(name)}\`: fix repos.yaml`;
}

/** One repos.yaml entry as text, in the order docs/fixture-format.md shows the fields. */
function entryText(r: RepoEntry, indent: string): string {
  // Language names are plain words (repo add checks them), written bare as the docs write them.
  const language = r.language.length === 1 ? r.language[0] : `[${r.language.join(', ')}]`;
  return [
    `${indent}- name: ${yamlFlow(r.name)}`,
    ...(r.url !== undefined ? [`${indent}  url: ${yamlFlow(r.url)}`] : []),
    `${indent}  commit: ${yamlFlow(r.commit ?? '')}`,
    `${indent}  language: ${language}`,
    ...(r.module !== undefined ? [`${indent}  module: ${yamlFlow(r.module)}`] : []),
    ...(r.path !== undefined ? [`${indent}  path: ${yamlFlow(r.path)}`] : []),
  ].join('\n') + '\n';
}

/** repos.yaml with `entries` added at the end of its list, the rest of the text (its comments too) untouched. */
export function withRepos(text: string, entries: RepoEntry[], shown = 'repos.yaml'): string {
  const { doc } = parseYaml(text);
  const list = isMap(doc.contents) ? pairOf(doc.contents, 'repos') : undefined;
  const seq = list?.value;
  if (isSeq(seq) && !seq.flow && seq.items.length > 0) {
    const first = seq.items[0] as { range?: [number, number, number] };
    const dash = text.slice(lineStart(text, first.range![0]), first.range![0]);
    const indent = dash.slice(0, dash.indexOf('-'));
    const at = lineEnd(text, contentEnd(seq));
    const before = text.slice(0, at);
    return `${before}${before.endsWith('\n') ? '' : '\n'}${entries.map((r) => entryText(r, indent)).join('')}${text.slice(at)}`;
  }
  if (list && (isEmptyValue(seq) || (isSeq(seq) && seq.items.length === 0))) {
    // `repos:` or `repos: []`: the list written in place of the empty value.
    const keyEnd = (list.key as { range: [number, number, number] }).range[1];
    const end = (seq as { range?: [number, number, number] } | null)?.range?.[1] ?? keyEnd;
    const rest = text.slice(lineEnd(text, end));
    return `${text.slice(0, keyEnd)}:\n${entries.map((r) => entryText(r, '  ')).join('')}${rest}`;
  }
  throw new FixtureLabError('has no `repos:` list to add repositories to; nothing was written: fix repos.yaml first', shown);
}

/** A repository URL as compared: no scheme, user, `.git` or trailing slash, `host:path` as `host/path`, lower case. */
export function urlKey(url: string): string {
  return url.trim().toLowerCase()
    .replace(/^[a-z+]+:\/\//, '').replace(/^[^@/]+@/, '').replace(/^([^/:]+):(?!\d)/, '$1/')
    .replace(/\/+$/, '').replace(/\.git$/, '').replace(/\/+$/, '');
}

/** What `fixture-lab init` or the editor says when a command meets a folder that is no corpus yet. */
export function noCorpusHint(dir: string, cwd = process.cwd()): string {
  const shown = relative(cwd, dir) || '.';
  return `\`fixture-lab init ${shown}\` starts a corpus there (then \`fixture-lab repo add NAME PATH_OR_URL\`)`;
}
