// What every command shares: option parsing (node:util's parseArgs), usage errors, and finding
// the corpus folder. What reads a corpus to find a fixture's repository is in fixtureArgs.ts, so
// the commands that name no fixture (metrics, symbols) do not load the YAML reader for it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs, ParseArgsConfig } from 'node:util';

export interface CliIO {
  stdout: CliOutput;
  stderr: CliOutput;
  cwd: string;
}

export interface CliOutput {
  write(s: string): unknown;
  isTTY?: boolean;
  /** Draws `line` over the terminal's current line (a progress bar); present once cli() has the output (terminal.ts). */
  redraw?: (line: string) => unknown;
}

/** A command line the command cannot run: printed with the command's usage, exit 2. */
export class UsageError extends Error {}

export type Command = (args: string[], io: CliIO) => Promise<number>;

export function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  return parseArgs({ args: attachValues(args, options), options, allowPositionals: true, strict: true });
}

/**
 * A value may begin with `-` (`--reason "- a list item"`): parseArgs refuses `--opt -x` as
 * ambiguous, so such a value is attached (`--opt=-x`) unless it is itself one of the command's
 * options, which still reads as a forgotten value.
 */
function attachValues(args: string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const takesValue = (arg: string): boolean => {
    if (arg.startsWith('--')) return options[arg.slice(2)]?.type === 'string';
    return /^-[^-]$/.test(arg) && Object.values(options).some((o) => o.short === arg[1] && o.type === 'string');
  };
  const isOption = (arg: string): boolean => {
    if (arg.startsWith('--')) return arg.slice(2).split('=')[0] in options;
    return /^-[^-]/.test(arg) && Object.values(options).some((o) => o.short === arg[1]);
  };
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') return [...out, ...args.slice(i)];
    const value = args[i + 1];
    if (takesValue(arg) && value !== undefined && value.startsWith('-') && value !== '--' && !isOption(value)) {
      out.push(arg.startsWith('--') ? `${arg}=${value}` : `${arg}${value}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T {
  if (value === undefined) throw new UsageError(`${flag} is required (${allowed.join('|')})`);
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be ${allowed.join(' or ')}, not \`${value}\``);
  return value as T;
}

export function required(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new UsageError(`${what} is required`);
  return value;
}

/** The corpus folder: the one given, else the working folder when it holds repos.yaml, else ./corpus. */
export function corpusDir(given: string | undefined, cwd: string): string {
  if (given) return resolve(cwd, given);
  return existsSync(join(cwd, 'repos.yaml')) ? cwd : join(cwd, 'corpus');
}
