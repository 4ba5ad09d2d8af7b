// One `git cat-file --batch` process serves every read of a run: a 50-file change reads ~100
// blobs, and a process per blob costs more than the parsing. Requests are queued in order,
// since the batch protocol answers in order.
import { ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { describeExit } from '../io/exit';
import { invalidUtf8At } from '../utf8';

/** A file at a revision: its text, or why there is none. */
export type FileText =
  /** `guessed`: not UTF-8, and no encoding it declares could be read: read as Windows-1252, a guess (its names may be wrong). */
  | { kind: 'text'; text: string; guessed?: 'windows-1252' }
  | { kind: 'binary' }
  | { kind: 'too-large'; bytes: number }
  | { kind: 'missing' }
  | { kind: 'submodule' };

/**
 * Files larger than this are reported and skipped, not parsed. Real source files pass 1 MB
 * (TypeScript's checker.ts is about 3 MB, generated protobuf modules more): under a 1 MB cap their
 * definitions did not exist, so a label on one was refused by `run` as "not defined", grep's hits
 * there mapped to no symbol and bm25 never saw them. 8 MB parses in seconds (a 3.8 MB Python file
 * of 60,000 functions in about 3 s of CPU).
 */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

interface Pending {
  resolve: (r: FileText) => void;
  reject: (e: Error) => void;
}

export class BlobReader {
  private process?: ChildProcessWithoutNullStreams;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly queue: Pending[] = [];
  /** Names asked but not yet written to git. */
  private unsent: string[] = [];

  /**
   * `keepBom`: the text as git stores it, a leading byte-order mark included (what `git grep`
   * prints); by default it is dropped, as editors and parsers read the file.
   */
  constructor(private readonly root: string, private readonly maxBytes = MAX_FILE_BYTES, private readonly keepBom = false) {}

  /** Read `rev:path` object names; results in the same order. */
  read(objects: string[]): Promise<FileText[]> {
    return Promise.all(objects.map((name) => (name.includes('\n') ? this.objectId(name).then((id) => (id ? this.ask(id) : missing)) : this.ask(name))));
  }

  /**
   * One request; requests and answers pair up in the order they are written. The names asked in
   * one turn of the event loop go to git in one write: a write to the pipe costs far more than
   * the name it carries, and a revision's sources are read hundreds at a time.
   */
  private ask(name: string): Promise<FileText> {
    if (name.includes('\0')) return Promise.resolve(missing);
    this.start();
    return new Promise<FileText>((resolve, reject) => {
      this.queue.push({ resolve, reject });
      if (this.unsent.length === 0) queueMicrotask(() => this.send());
      this.unsent.push(name);
    });
  }

  /** Write the names not yet sent, to the process their requests wait on. */
  private send(): void {
    const names = this.unsent.splice(0);
    if (names.length > 0 && this.process) this.process.stdin.write(names.join('\n') + '\n');
  }

  /**
   * The batch protocol is one name per line, so a path holding a newline (legal in git) is
   * looked up as an argument instead and read by its object id.
   */
  private objectId(name: string): Promise<string | undefined> {
    return new Promise((resolve) => {
      execFile('git', ['rev-parse', '--verify', '--quiet', '--end-of-options', name], { cwd: this.root }, (error, stdout) => {
        const id = stdout.trim();
        resolve(error || !/^[0-9a-f]{40,64}$/.test(id) ? undefined : id);
      });
    });
  }

  /**
   * Ends the batch. The process is held by the event loop again until it has exited, so a CLI
   * that closes its repository waits for (and reaps) git rather than leaving it in its process
   * group; one that does not exit on end of input within 2 s is killed.
   */
  close(): void {
    this.send();
    const proc = this.process;
    this.process = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    proc.ref();
    const kill = setTimeout(() => proc.kill('SIGKILL'), 2000);
    proc.once('exit', () => clearTimeout(kill));
    proc.stdin.end();
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.process) return this.process;
    const proc = spawn('git', ['-c', 'core.quotepath=off', 'cat-file', '--batch'], { cwd: this.root, stdio: 'pipe' });
    proc.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.drain();
    });
    const fail = (e: Error) => {
      for (const p of this.queue.splice(0)) p.reject(e);
      if (this.process === proc) {
        this.process = undefined;
        this.unsent = []; // their requests were just rejected
      }
    };
    proc.on('error', fail);
    proc.on('exit', (code, signal) => fail(new Error(`git cat-file ${describeExit({ code, signal })}`)));
    proc.stdin.on('error', fail);
    // The reader must not keep a CLI process alive once its work is done.
    proc.unref();
    (proc.stdout as unknown as { unref?: () => void }).unref?.();
    (proc.stdin as unknown as { unref?: () => void }).unref?.();
    return (this.process = proc);
  }

  /** Parse as many complete answers as the buffer holds: `<sha> <type> <size>\n<bytes>\n` or `<name> missing\n`. */
  private drain(): void {
    for (;;) {
      const nl = this.buffer.indexOf(10);
      if (nl < 0 || this.queue.length === 0) return;
      const header = this.buffer.subarray(0, nl).toString('utf8');
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        this.buffer = this.buffer.subarray(nl + 1);
        this.queue.shift()!.resolve({ kind: 'missing' });
        continue;
      }
      const [, type, sizeText] = header.split(' ');
      const size = Number(sizeText);
      if (this.buffer.length < nl + 1 + size + 1) return;
      const body = this.buffer.subarray(nl + 1, nl + 1 + size);
      this.buffer = this.buffer.subarray(nl + 1 + size + 1);
      this.queue.shift()!.resolve(toText(type, body, this.maxBytes, this.keepBom));
    }
  }
}

const missing: FileText = { kind: 'missing' };

function toText(type: string, body: Buffer, maxBytes: number, keepBom: boolean): FileText {
  if (type === 'commit') return { kind: 'submodule' };
  if (type !== 'blob') return { kind: 'missing' };
  if (body.length > maxBytes) return { kind: 'too-large', bytes: body.length };
  // Git's own rule: a NUL in the first 8000 bytes makes a file binary.
  if (body.subarray(0, 8000).includes(0)) return { kind: 'binary' };
  // As git stores it (what `git grep` searches): UTF-8, a stray byte U+FFFD. As a parser reads it: in its own encoding.
  if (keepBom) return { kind: 'text', text: body.toString('utf8') };
  const { text, guessed } = decodeSource(body);
  return { kind: 'text', text: text.replace(/^\uFEFF/, ''), ...(guessed ? { guessed } : {}) };
}

/**
 * A source file's text as its language reads it. UTF-8 when it is UTF-8. Otherwise the encoding
 * it declares (PEP 263's `# -*- coding: latin-1 -*-` in its first two lines, which Ruby's magic
 * comment shares), else Windows-1252 (Latin-1's letters and what editors guess for such bytes):
 * read as UTF-8, `def pr\xfcfen` parsed as a definition named `fen`, which no label of `prüfen`
 * could ever match and which a labeler would label; read this way, its name is `prüfen`.
 */
export function sourceText(bytes: Buffer): string {
  return decodeSource(bytes).text;
}

/**
 * `sourceText`, and whether its encoding was guessed: bytes that are not UTF-8 with no encoding
 * declared (or one this runtime does not know) are read as Windows-1252, which reads any byte, so
 * Shift-JIS or GBK comes out as Latin letters and no error. Every place that uses the names says so.
 */
export function decodeSource(bytes: Buffer): { text: string; guessed?: 'windows-1252' } {
  if (invalidUtf8At(bytes) < 0) return { text: bytes.toString('utf8') };
  const head = bytes.subarray(0, 400).toString('latin1').split(/\r?\n/, 2);
  const declared = head.map((line) => /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/.exec(line)?.[1]).find((c) => c !== undefined)
    ?.toLowerCase().replace(/_/g, '-');
  // Each named here, not through TextDecoder: Node's reads windows-1252 as ISO-8859-1, and WHATWG's ISO-8859-1 as windows-1252.
  if (declared && /^(latin-?1|iso-?8859-1|l1|8859|cp819)$/.test(declared)) return { text: bytes.toString('latin1') };
  if (declared && /^(cp-?1252|windows-1252)$/.test(declared)) return { text: windows1252(bytes) };
  if (declared && !/^utf-?8/.test(declared)) {
    try {
      return { text: new TextDecoder(declared).decode(bytes) };
    } catch {
      // An encoding this runtime does not know: read as undeclared.
    }
  }
  return { text: windows1252(bytes), guessed: 'windows-1252' };
}

/** A file read in a guessed encoding, in words after its path: where its names are used, they may be wrong. */
export function guessedText(file: string): string {
  return `${file} is not UTF-8 and declares no encoding this tool knows: it was read as Windows-1252, so its names with letters beyond ASCII may be wrong`;
}

/** Windows-1252's 0x80-0x9F (the rest is ISO-8859-1); its five unassigned bytes read as the C1 controls they are in ISO-8859-1. */
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f'
  + '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function windows1252(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  return /[\x80-\x9f]/.test(text) ? text.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]) : text;
}
