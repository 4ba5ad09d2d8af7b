import { resolve } from 'node:path';
import { addRepo, displayPath, initCorpus, RepoEntry } from '../../core';
import { CliIO, corpusDir, parse, UsageError } from '../args';

/** `init [DIR] [--repo NAME=PATH_OR_URL ...]`: a new corpus in DIR (the working folder by default). */
export async function init(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { repo: { type: 'string', multiple: true } });
  if (positionals.length > 1) throw new UsageError(`unexpected \`${positionals[1]}\``);
  const repos = (values.repo ?? []).map((given) => {
    const at = given.indexOf('=');
    if (at <= 0 || at === given.length - 1) throw new UsageError(`--repo takes NAME=PATH_OR_URL, not \`${given}\``);
    return { name: given.slice(0, at), source: given.slice(at + 1) };
  });
  const dir = resolve(io.cwd, positionals[0] ?? '.');
  const made = await initCorpus(dir, { cwd: io.cwd, repos });
  for (const p of made.written) io.stdout.write(`wrote ${displayPath(p, io.cwd)}\n`);
  for (const r of made.repos) io.stdout.write(added(r));
  const at = positionals[0] === undefined ? '' : ` ${displayPath(dir, io.cwd)}`;
  io.stdout.write(made.repos.length === 0
    ? `next: fixture-lab repo add NAME PATH_OR_URL${at ? ` --corpus${at}` : ''}, then fixture-lab new --repo NAME --pr N${at}\n`
    : `next: fixture-lab new --repo ${made.repos[0].name} --pr N${at} (or --base REV --head REV)\n`);
  return 0;
}

/** `repo add NAME PATH_OR_URL [--corpus DIR] [--commit REV] [--language L,...]`. */
export async function repo(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { corpus: { type: 'string' }, commit: { type: 'string' }, language: { type: 'string' } });
  const [action, name, source, ...extra] = positionals;
  if (action !== 'add') throw new UsageError('say `repo add NAME PATH_OR_URL`');
  if (!name || !source) throw new UsageError('give NAME and PATH_OR_URL');
  if (extra.length > 0) throw new UsageError(`unexpected \`${extra[0]}\``);
  const dir = corpusDir(values.corpus, io.cwd);
  const language = values.language?.split(',').map((l) => l.trim()).filter(Boolean);
  const entry = await addRepo(dir, name, source, { cwd: io.cwd, ...(values.commit ? { commit: values.commit } : {}), ...(language ? { language } : {}) });
  io.stdout.write(added(entry, displayPath(resolve(dir, 'repos.yaml'), io.cwd)));
  return 0;
}

function added(r: RepoEntry, file = 'repos.yaml'): string {
  const langs = r.language.length > 0 ? r.language.join(', ') : 'no language found: set `language:`';
  return `added repo ${r.name} to ${file}: ${r.url ?? '(no url: the clone has no origin remote)'} at ${r.commit?.slice(0, 12)}, ${langs}, path ${r.path}\n`;
}
