// From their modules, not the core's index: `symbols` initialises only what it uses.
import { changedSymbols } from '../../core/changes/changedSymbols';
import { guessedText } from '../../core/git/blobs';
import { Repository } from '../../core/git/repository';
import { FixtureLabError } from '../../core/problems';
import { fileDefinitions } from '../../core/symbols/definitions';
import { damageText } from '../../core/symbols/parseDamage';
import { languageOf } from '../../core/symbols/languages';
import { CliIO, parse, required, UsageError } from '../args';

/** `symbols --repo PATH --base REV --head REV` (changed symbols) or `--rev REV --file FILE` (one file's definitions). */
export async function symbols(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    repo: { type: 'string' },
    base: { type: 'string' },
    head: { type: 'string' },
    rev: { type: 'string' },
    file: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected \`${positionals[0]}\``);
  const changeMode = values.base !== undefined || values.head !== undefined;
  const fileMode = values.rev !== undefined || values.file !== undefined;
  if (changeMode === fileMode) throw new UsageError('give either --base and --head, or --rev and --file');
  // Both sides are resolved in the same git process as the repository's top folder.
  const sides = changeMode && values.base !== undefined && values.head !== undefined ? [values.base, values.head] : [];
  const repo = await Repository.open(required(values.repo, '--repo'), sides);
  try {
    if (changeMode) {
      const report = await changedSymbols(repo, required(values.base, '--base'), required(values.head, '--head'));
      for (const s of report.skipped) io.stderr.write(`fixture-lab: skipped ${s.path}: ${s.reason}\n`);
      for (const line of report.unparsed) io.stderr.write(`fixture-lab: warning: ${line}\n`);
      if (values.json) {
        const rows = report.symbols.map(({ symbol, file, kind, change, startLine, endLine }) => ({ symbol, file, kind, change, startLine, endLine }));
        io.stdout.write(JSON.stringify(rows, null, 2) + '\n');
      }
      else for (const s of report.symbols) io.stdout.write(`${s.change.padEnd(8)} ${s.kind.padEnd(9)} ${s.symbol}  ${s.file}:${s.startLine}-${s.endLine}\n`);
      return 0;
    }
    const rev = await repo.resolve(required(values.rev, '--rev'));
    const file = repo.relativePath(required(values.file, '--file'));
    if (!languageOf(file)) throw new FixtureLabError(
      `\`${file}\` is not in a supported language (Python, TypeScript/TSX, JavaScript, Go, Rust, Java, C#, Ruby)`);
    const content = await repo.readFile(rev, file);
    if (content.kind !== 'text') {
      throw new FixtureLabError(
        content.kind === 'missing' ? `\`${file}\` does not exist at ${values.rev}: check the path and revision`
          : `\`${file}\` is ${content.kind} at ${values.rev}: no symbols to read`);
    }
    if (content.guessed) io.stderr.write(`fixture-lab: warning: ${guessedText(file)}\n`);
    const { definitions: defs, damage } = await fileDefinitions(file, content.text);
    if (damage) io.stderr.write(`fixture-lab: warning: ${damageText(file, damage)}\n`);
    const rows = defs.map((d) => ({ symbol: d.symbol, file, kind: d.kind, startLine: d.startLine, endLine: d.endLine }));
    if (values.json) io.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    else for (const r of rows) io.stdout.write(`${r.kind.padEnd(9)} ${r.symbol}  ${file}:${r.startLine}-${r.endLine}\n`);
    return 0;
  } finally {
    repo.close();
  }
}
