// The seed's rules are cited by a link to the docs/ page that holds them, never by a section
// number of a specification the repository does not hold (issue 15). Every `docs/<page>.md#anchor`
// the code writes (messages, FINDINGS.md, comments) names a heading of that page, as GitHub links it.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/demoCorpus';
import { tsFiles } from '../helpers/importGraph';

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, each space a hyphen. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

function anchors(page: string): Set<string> {
  const text = readFileSync(join(ROOT, 'docs', page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1])));
}

const sources = () => [...tsFiles(join(ROOT, 'src')), ...tsFiles(join(ROOT, 'webview'))];

describe('references to the methodology', () => {
  it('no § section number in src/ or webview/: a rule is cited by its docs/ page', () => {
    const cited = sources().filter((f) => readFileSync(f, 'utf8').includes('\u00a7')).map((f) => relative(ROOT, f));
    assert.deepEqual(cited, []);
  });

  it('every docs/<page>.md#anchor in src/ and webview/ names a heading of that page', () => {
    const broken: string[] = [];
    let seen = 0;
    for (const file of sources()) {
      for (const m of readFileSync(file, 'utf8').matchAll(/docs\/([\w-]+\.md)#([\w-]+)/g)) {
        seen++;
        if (!existsSync(join(ROOT, 'docs', m[1])) || !anchors(m[1]).has(m[2])) broken.push(`${relative(ROOT, file)}: ${m[0]}`);
      }
    }
    assert.ok(seen >= 20, `only ${seen} references found`);
    assert.deepEqual(broken, []);
  });

  it('the links of docs/methodology.md between pages name headings of those pages', () => {
    const links = [...readFileSync(join(ROOT, 'docs', 'methodology.md'), 'utf8').matchAll(/\]\(([\w-]+\.md)(?:#([\w-]+))?\)/g)];
    assert.ok(links.length > 0);
    for (const [, page, anchor] of links) {
      assert.ok(existsSync(join(ROOT, 'docs', page)), page);
      if (anchor) assert.ok(anchors(page).has(anchor), `${page}#${anchor}`);
    }
  });

  it('README\'s Layout table names every folder of src/core, src/extension and test, and every part', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Layout'), readme.indexOf('\n## ', readme.indexOf('## Layout') + 1));
    // Folders git keeps: an empty one (left behind by a rename in an old checkout) is not in a clone.
    const folders = (dir: string) => readdirSync(join(ROOT, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory() && readdirSync(join(ROOT, dir, e.name)).length > 0).map((e) => e.name);
    const missing = [
      ...['src/core', 'src/extension'].flatMap((dir) => folders(dir).filter((f) => !table.includes(`\`${f}/\``))),
      ...folders('test').filter((f) => !table.includes(`\`test/${f}\``)).map((f) => `test/${f}`),
      ...['src/core/', 'src/extension/', 'src/shared/', 'src/cli/', 'webview/', 'test/', 'docs/'].filter((part) => !table.includes(`| \`${part}\``)),
    ];
    assert.deepEqual(missing, []);
  });

  it('README says which Node runs it, the one package.json\'s engines ask for (issue 17)', () => {
    const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const major = /^>=(\d+)$/.exec(engines)?.[1];
    assert.ok(major, engines);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    assert.match(readme, new RegExp(`\\*\\*Node\\.\\*\\* Everything here runs on Node ${major} \\(\`engines\\.node\` is \`>=${major}\``));
  });

  it('README names, with its version, every package npm install warns about on this Node (EBADENGINE) (issue 28)', () => {
    // npm warns where a locked package's engines.node does not admit the running Node; semver is npm's own rule (and eslint's dependency).
    const require = createRequire(join(ROOT, 'package.json'));
    const semver = require('semver') as { satisfies(version: string, range: string): boolean };
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } }> };
    const warned = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.engines?.node && !semver.satisfies(process.versions.node, p.engines.node))
      .map(([path, p]) => `\`${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}\` ${p.version}`);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    assert.deepEqual(warned.filter((w) => !readme.includes(w)), [], 'each named in README\'s Node paragraph, as `name` version');
  });
});
