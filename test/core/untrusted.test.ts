// The one rule for untrusted text, as properties over seeded random strings made of hostile pieces
// (command links, images, HTML, backtick runs, bidi controls, line breaks, table pipes, bare URLs):
// notifications and quick inputs never form a link or an icon under VS Code's own patterns;
// hover Markdown renders as exactly the text, its code spans cannot be closed, its links are only
// the extension's; report Markdown keeps every syntax character escaped, every linkable word in
// code, every table row its cells. Then the reports themselves, written from hostile misses and fixtures.
import * as assert from 'node:assert/strict';
import {
  commandLink, Corpus, failureReport, labelingReport, lineText, markdownCode, markdownText, Miss, mulberry32, plainText, readFixture, reportCode, reportText, RunInfo, showBidi, stripBidi,
} from '../../src/core';

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/** VS Code's notification and quick-input link pattern (src/vs/base/common/linkedText.ts, 1.100). */
const VSCODE_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
/** VS Code's theme icon pattern (src/vs/base/common/iconLabels.ts): `$(name)` or `$(name~spin)`. */
const VSCODE_ICON = /\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/;

const PIECES = [
  '[x](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)', '[a](https://evil.example/x "t")', '](', '[', ']', '(', ')',
  '![img](https://evil.example/i.png)', '<img src=x onerror=alert(1)>', '<b>', '</div>', '&lt;', '&#91;', '`', '``', '```', '\\', '\\`', '$(zap)', '$(', '$',
  '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C', '\n', '\n\n', '\r\n', '\u2028', '|', '||', 'https://evil.example/p?q=1', 'www.evil.example', 'a@b.example',
  'mailto:x@y.z', '*', '**', '_', '~~', '#', '# ', '- ', '1. ', '2)', '> ', '"', "'", ':', 'command:', 'fixtureLab.labelHigh', ' ', '  ', '\t', 'shop/cart.Cart.total', 'é', '名前', 'abc', '0',
];

function hostile(random: () => number, max = 12): string {
  let out = '';
  const n = 1 + Math.floor(random() * max);
  for (let i = 0; i < n; i++) out += PIECES[Math.floor(random() * PIECES.length)];
  return out;
}

function forHostile(count: number, check: (text: string) => void): void {
  const random = mulberry32(12);
  for (let i = 0; i < count; i++) {
    const text = hostile(random);
    try {
      check(text);
    } catch (error) {
      throw new Error(`for ${JSON.stringify(text)}: ${(error as Error).message}`);
    }
  }
}

const flat = (text: string) => text.replace(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/g, ' ');

interface Inline {
  /** The text a reader sees. */
  shown: string;
  /** Characters outside code spans that a renderer reads as syntax (not escaped). */
  bare: string;
  /** What is shown outside code spans. */
  plain: string;
  /** Contents of the code spans. */
  code: string[];
}

/**
 * CommonMark's inline rules this needs, read strictly: a backslash before ASCII punctuation makes it
 * a literal; a backtick run opens a code span closed by the next run of the same length (else it is
 * literal); inside, one space is stripped each side when both are spaces and the rest is not.
 */
function inline(md: string): Inline {
  let shown = '';
  let bare = '';
  let plain = '';
  const code: string[] = [];
  let i = 0;
  while (i < md.length) {
    const c = md[i];
    if (c === '\\' && i + 1 < md.length && ASCII_PUNCTUATION.test(md[i + 1])) {
      shown += md[i + 1];
      plain += md[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const open = /^`+/.exec(md.slice(i))![0];
      let j = i + open.length;
      let close = -1;
      while (j < md.length) {
        const run = /^`+/.exec(md.slice(j));
        if (run) {
          if (run[0].length === open.length) {
            close = j;
            break;
          }
          j += run[0].length;
        } else j++;
      }
      if (close >= 0) {
        let body = md.slice(i + open.length, close).replace(/\n/g, ' ');
        if (body.length >= 2 && body.startsWith(' ') && body.endsWith(' ') && /[^ ]/.test(body)) body = body.slice(1, -1);
        code.push(body);
        shown += body;
        i = close + open.length;
        continue;
      }
      shown += open;
      plain += open;
      bare += open;
      i += open.length;
      continue;
    }
    shown += c;
    plain += c;
    if (ASCII_PUNCTUATION.test(c)) bare += c;
    i++;
  }
  return { shown, bare, plain, code };
}

describe('untrusted text: plainText (notifications, progress, quick inputs, CodeLens, status bar)', () => {
  it('property: VS Code forms no link and no icon from it, whatever the text and whatever surrounds it', () => {
    let linksBefore = 0;
    forHostile(3000, (text) => {
      if ((text.match(VSCODE_LINK) ?? []).length > 0) linksBefore++;
      for (const message of [plainText(text), plainText(`Fixture Lab: ${text}: done`), plainText(`${text}${text}`)]) {
        assert.equal(message.match(VSCODE_LINK), null);
        assert.doesNotMatch(message, VSCODE_ICON);
        assert.doesNotMatch(message, /\]\(|\$\(/);
        assert.doesNotMatch(message, BIDI);
        // VS Code joins a notification's lines with spaces before it looks for links.
        assert.equal(message.replace(/(\r\n|\n|\r)/gm, ' ').match(VSCODE_LINK), null);
      }
      // Nothing is lost but the breaks: the text comes back with `] (` and `$ (` joined.
      assert.equal(plainText(text).replace(/\] \(/g, '](').replace(/\$ \(/g, '$('), showBidi(text).replace(/\] \(/g, '](').replace(/\$ \(/g, '$('));
      assert.equal(plainText(plainText(text)), plainText(text));
    });
    assert.ok(linksBefore > 100, `the generator makes links VS Code would run (${linksBefore})`);
  });

  it('leaves ordinary messages as they are, and shows bidi controls as escapes', () => {
    for (const message of ['Fixture Lab: bookshop-easy-01: kappa 0.500 (moderate)', '`shop/cart.Cart` is not defined at 0123456789ab: check the name', 'a [note] (aside) and $5 (five)']) {
      assert.equal(plainText(message), message);
    }
    assert.equal(plainText('see [x](command:workbench.action.terminal.sendSequence?{}) now'), 'see [x] (command:workbench.action.terminal.sendSequence?{}) now');
    assert.equal(plainText('$(zap) id'), '$ (zap) id');
    assert.equal(plainText('cod\u202Eexe.txt'), 'cod\\u202Eexe.txt');
  });
});

describe('untrusted text: lineText (a line of a plain-text report or an error)', () => {
  it('property: one line, whatever the text: no line break and no bidi control left, each shown as its escape', () => {
    forHostile(500, (text) => {
      const shown = lineText(text);
      assert.doesNotMatch(shown, /[\n\r\v\f\u0085\u2028\u2029]/);
      assert.doesNotMatch(shown, BIDI);
      assert.equal(shown.replace(/\\(n|r|u[0-9A-F]{4})/g, ''), text.replace(/[\n\r\v\f\u0085\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '').replace(/\\(n|r|u[0-9A-F]{4})/g, ''),
        'the rest of the text as it is');
    });
  });

  it('shows a forged line as part of its own, and leaves ordinary text as it is', () => {
    assert.equal(lineText('a.gone\nmoved      a.x -> a.y\r\n\u2028cod\u202Eexe'), 'a.gone\\nmoved      a.x -> a.y\\r\\n\\u2028cod\\u202Eexe');
    assert.equal(lineText('shop/cart.Cart.total (shop/cart.py:12) [ground_truth, labels.dana]'), 'shop/cart.Cart.total (shop/cart.py:12) [ground_truth, labels.dana]');
  });
});

describe('untrusted text: hover Markdown', () => {
  it('property: markdownText renders as exactly the text (line breaks as spaces, bidi shown), with nothing bare', () => {
    forHostile(3000, (text) => {
      const md = markdownText(text);
      const read = inline(md);
      assert.equal(read.shown, showBidi(flat(text)));
      assert.equal(read.bare, '', 'every ASCII punctuation character is escaped');
      assert.deepEqual(read.code, []);
      assert.doesNotMatch(md, /[\r\n\u2028\u2029]/);
      // No URL, address or `www.` for GFM to link: those need a bare `:`, `.` or `@`.
      assert.doesNotMatch(md, /(?<!\\)[:.@]/);
    });
  });

  it('property: markdownCode is one code span no backtick inside can close, holding exactly the text', () => {
    forHostile(3000, (text) => {
      const md = markdownCode(text);
      const read = inline(md);
      assert.equal(read.code.length, 1, md);
      assert.equal(read.shown, read.code[0], 'nothing outside the code span');
      const expected = showBidi(flat(text));
      // A text of spaces only keeps the padding (CommonMark strips none then); any other is exact.
      if (/^ *$/.test(expected)) assert.match(read.code[0], /^ +$/);
      else assert.equal(read.code[0], expected);
      assert.doesNotMatch(md, /[\r\n\u2028\u2029]/);
      assert.doesNotMatch(md, BIDI);
    });
    assert.equal(markdownCode('shop/cart.Cart.total'), '`shop/cart.Cart.total`');
    assert.equal(markdownCode('a`[x](command:fixtureLab.labelHigh?%5B%22a%22%5D)`.py'), '``a`[x](command:fixtureLab.labelHigh?%5B%22a%22%5D)`.py``');
    assert.equal(markdownCode('`x'), '`` `x ``');
  });

  it('property: a command link ends where it should and gives its arguments back, whatever they hold', () => {
    const random = mulberry32(3);
    for (let i = 0; i < 2000; i++) {
      const args = [{ link: hostile(random) }, hostile(random)];
      const md = commandLink('+ HIGH', 'fixtureLab.labelHigh', args);
      const m = /^\[\\\+ HIGH\]\(command:fixtureLab\.labelHigh\?([^\s()<>`"'\\]*)\)$/.exec(md);
      assert.ok(m, md);
      assert.deepEqual(JSON.parse(decodeURIComponent(m[1])), args);
    }
    assert.throws(() => commandLink('x', 'workbench.action.terminal.sendSequence?{}', []), /not a command id/);
  });

  it('an old-style hover line (the name in one-backtick code) lets a file name break out; markdownCode does not', () => {
    const symbol = 'x`[pwn](command:fixtureLab.labelHigh?%5B%22a%22%2C%22pwned%22%5D)`.py.f';
    // Before: `**Fixture Lab** \`${symbol}\`` — the link lies outside any code span, as Markdown.
    const before = inline(`\`${symbol}\``);
    assert.deepEqual(before.code, ['x', '.py.f']);
    assert.match(before.bare, /\[\]\(.*\)/);
    const after = inline(markdownCode(symbol));
    assert.deepEqual(after.code, [symbol]);
    assert.equal(after.bare, '');
  });
});

describe('untrusted text: report Markdown', () => {
  const LINKABLE = /:\/\/|www\.|@|\.[a-z]/i;
  const SYNTAX = /[\\`*_~[\]<>|&#]/;

  it('property: reportText reads as the text (bidi dropped), with no syntax bare and no linkable word outside code', () => {
    forHostile(3000, (text) => {
      const md = reportText(text);
      const read = inline(md);
      assert.doesNotMatch(md, /[\r\n\u2028\u2029]/);
      assert.doesNotMatch(md, BIDI);
      assert.doesNotMatch(read.bare, SYNTAX);
      // Outside code spans nothing is left that a renderer links.
      assert.doesNotMatch(read.plain, LINKABLE);
      // A pipe never splits a table cell: every one is escaped.
      assert.doesNotMatch(md, /(?<!\\)(?:\\\\)*\|/);
      // Nothing is lost: what is shown is the text, one line, bidi controls dropped; backticks
      // quoting a word became its code span's fence, and padding may add spaces.
      const words = (s: string) => s.replace(/`/g, '').replace(/ +/g, ' ').trim();
      assert.equal(words(read.shown), words(stripBidi(flat(text))));
      // The start of a list item stays text.
      assert.doesNotMatch(md, /^(?:[-+=]|\d{1,9}[.)])/);
    });
  });

  it('property: reportCode in a table cell keeps the row\'s cells, and shows the text', () => {
    forHostile(3000, (text) => {
      const row = `| a | ${reportCode(text, { cell: true })} | ${reportText(text)} | b |`;
      // GFM splits a row on pipes not escaped by a backslash, before anything else.
      const cells = row.slice(1, -1).split(/(?<!\\)\|/);
      assert.equal(cells.length, 4, row);
      const code = inline(cells[1].trim().replace(/\\\|/g, '|'));
      assert.equal(code.code.length, 1);
      assert.doesNotMatch(reportCode(text), BIDI);
    });
  });

  it('keeps ordinary text readable as plain text', () => {
    assert.equal(reportText('a go symbol; the system declares python'), 'a go symbol; the system declares python');
    assert.equal(reportText('no word of `money.centsToUnits` occurs in the task'), 'no word of `money.centsToUnits` occurs in the task');
    assert.equal(reportText('see https://evil.example/x and [x](command:y) <img>'), 'see `https://evil.example/x` and \\[x\\](command:y) \\<img\\>');
    assert.equal(reportText('a|b'), 'a\\|b');
    assert.equal(reportText('- item'), '\\- item');
    assert.equal(reportText('3. third'), '3\\. third');
    assert.equal(reportCode('a|b', { cell: true }), '`a\\|b`');
    assert.equal(reportCode('x\u202Ey'), '`xy`');
  });
});

describe('untrusted text: the Markdown reports', () => {
  const info = { started_at: '2026-11-23T10:00:00.000Z', match: 'bounded' } as RunInfo;
  /** No line has a bracket or an angle bracket that is syntax, nor a linkable word outside code. */
  const inert = (md: string) => {
    for (const line of md.split('\n')) {
      const read = inline(line);
      assert.doesNotMatch(read.bare, /[[<]/, line);
      assert.doesNotMatch(read.plain, /:\/\/|www\.|@/i, line);
    }
  };

  /** Rows of GFM tables in `md`: each row's cells, split where GFM splits them. */
  const rows = (md: string) => md.split('\n').filter((l) => l.startsWith('|')).map((l) => l.slice(1, -1).split(/(?<!\\)\|/).length);

  it('failure-analysis.md: hostile systems, tasks, symbols and evidence stay text, and every row keeps its four cells', () => {
    const hostileSymbol = 'x`[pwn](command:fixtureLab.labelHigh?%5B%22a%22%5D)`|y.\u202Eexe';
    const misses: Miss[] = [
      { system: 'evil|sys<b>', task: 'task-[x](https://evil.example)', symbol: hostileSymbol, suggested: 'scale failure', evidence: 'the system failed on r: ![img](https://evil.example/i.png) | <img src=x> www.evil.example \u202Egpj.exe' },
      { system: 'evil|sys<b>', task: 't2', symbol: 'plain.sym', suggested: 'vocabulary miss', evidence: 'no word of `sym` occurs in the task' },
    ];
    const md = failureReport(misses, info);
    // The categories table (header, rule, two categories), then the misses (header, rule, two misses).
    assert.deepEqual(rows(md), [2, 2, 2, 2, 4, 4, 4, 4]);
    inert(md);
    assert.doesNotMatch(md, BIDI);
    assert.match(md, /^## evil\\\|sys\\<b\\>$/m);
    assert.ok(md.includes('| no word of `sym` occurs in the task |'));
  });

  it('labeling-report.md: hostile ids, raters, symbols and rationales stay text, and tables keep their cells', () => {
    const text = [
      'id: "t-1 [x](command:workbench.action.terminal.sendSequence?%7B%7D)"',
      'repo: demo',
      'task: x',
      'ground_truth: [{symbol: "a.A", confidence: HIGH, reason: r}]',
      'candidates: ["a.A", "a.B|<img>", "a.C"]',
      'labeler: "dana|<b>"',
      'verifier: "lee\u202E"',
      'labels:',
      '  "dana|<b>": [{symbol: "a.A", confidence: HIGH, reason: r}, {symbol: "a.B|<img>", confidence: HIGH, reason: r}]',
      '  "lee\u202E": [{symbol: "a.A", confidence: HIGH, reason: r}, {symbol: "a.C", confidence: MEDIUM, reason: r}]',
      'agreement: 0.25',
      'disputes:',
      '  - {symbol: "a.C`[y](https://evil.example)`", resolution: excluded, rationale: "see ![i](https://evil.example/i.png) <script>"}',
      '',
    ].join('\n');
    const corpus: Corpus = { dir: '.', reposFile: 'repos.yaml', repos: [], reposProblems: [], fixtures: [{ path: 't-1', file: 't-1 <x>.yaml', placement: [], text, read: readFixture(text, 't-1') }] };
    const md = labelingReport(corpus);
    // Per task (header, rule, the fixture: ten cells); the agreement figures (seven, three cells), per
    // label (two, nine cells) and every figure of the task (seventeen cells); its open disagreements
    // (header, rule, two: three cells); who the settlements sided with (two raters, four cells).
    assert.deepEqual(rows(md), [10, 10, 10, ...Array(9).fill(3), ...Array(4).fill(9), ...Array(3).fill(17), 3, 3, 3, 3, 4, 4, 4, 4]);
    inert(md);
    assert.doesNotMatch(md, BIDI);
    assert.match(md, /\| `a\.B\\\|<img>` \| HIGH \| not included \|/);
  });
});
