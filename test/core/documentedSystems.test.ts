// docs/scoring.md's "Benchmarking real systems" entries are corpus/systems.yaml's commented
// examples, word for word, and both read as valid systems; docs/systems.schema.json knows the
// same keys the reader does; `validate` reports systems.yaml's mistakes with the fixtures'.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSystems, readSystemsFile } from '../../src/core';
import { PARSE_KEYS, SYSTEM_KEYS } from '../../src/core/corpus/systemsYaml';
import { run } from '../helpers/cli';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';

/** The YAML blocks of docs/scoring.md's "Benchmarking real systems" section. */
function documentedEntries(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/scoring.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Benchmarking real systems'), doc.indexOf('\n## ', doc.indexOf('## Benchmarking real systems') + 1));
  return [...section.matchAll(/^```yaml\n([\s\S]*?)^```/gm)].map((m) => m[1]);
}

/** corpus/systems.yaml's commented-out systems, uncommented, one per `# - name:` block. */
function commentedEntries(): string[] {
  const text = readFileSync(join(ROOT, 'corpus/systems.yaml'), 'utf8');
  const blocks: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^ {2}# ( {2}.*|- .*)$/.exec(line);
    if (m && m[1].startsWith('- ')) blocks.push('');
    if (m && blocks.length > 0 && (m[1].startsWith('- ') || m[1].startsWith('  '))) blocks[blocks.length - 1] += `  ${m[1]}\n`;
  }
  return blocks;
}

describe('the documented real systems', function () {
  this.timeout(120_000);

  it('docs/scoring.md\'s entries are corpus/systems.yaml\'s commented examples, word for word', () => {
    const documented = documentedEntries();
    assert.equal(documented.length, 3, 'codegraph, gitnexus (command), gitnexus (MCP)');
    const commented = commentedEntries();
    assert.deepEqual(commented.slice(0, 3), documented);
    assert.deepEqual(commented.slice(3).map((b) => /name: (\S+)/.exec(b)?.[1]), ['codegraph-replay'], 'only the replay example besides them');
  });

  it('each entry reads as a valid system, with the parse the docs describe', () => {
    const specs = readSystems(`systems:\n${documentedEntries().join('')}`, 'docs/scoring.md');
    assert.deepEqual(specs.map((s) => [s.name, s.type]), [['codegraph', 'command'], ['gitnexus', 'command'], ['gitnexus-mcp', 'mcp']]);
    const [codegraph, gitnexus, mcp] = specs;
    assert.ok(codegraph.type === 'command' && gitnexus.type === 'command' && mcp.type === 'mcp');
    assert.deepEqual(codegraph.parse, { format: 'json', symbols: 'nodes[]', file: 'filePath', name: 'qualifiedName' });
    assert.deepEqual(codegraph.env, { CODEGRAPH_TELEMETRY: '0' });
    assert.deepEqual(mcp.index, ['gitnexus', 'analyze', '--index-only', '{repo_path}']);
    assert.deepEqual(mcp.parse, { ...gitnexus.parse, until: '\n---\n' });
    // The whole demo systems.yaml, uncommented, validates too.
    const uncommented = readFileSync(join(ROOT, 'corpus/systems.yaml'), 'utf8').replace(/^ {2}# ( {2}|- )/gm, '  $1');
    assert.deepEqual(readSystemsFile(uncommented, 'corpus/systems.yaml').problems, []);
  });

  it('docs/systems.schema.json names the keys the reader knows, for every type and parse format', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'docs/systems.schema.json'), 'utf8'));
    const byType = new Map<string, string[]>();
    for (const branch of schema.$defs.system.oneOf) {
      const type = branch.properties.type;
      for (const t of type.enum ?? [type.const]) byType.set(t, Object.keys(branch.properties).sort());
    }
    const common = ['name', 'type', 'languages', 'timeout_minutes', 'max_output_mb', 'version'];
    for (const [type, keys] of Object.entries(SYSTEM_KEYS)) assert.deepEqual(byType.get(type), [...common, ...keys].sort(), type);
    const byFormat = new Map<string, string[]>(schema.$defs.parse.oneOf.map((b: { properties: Record<string, { const: string }> }) =>
      [b.properties.format.const, Object.keys(b.properties).sort()]));
    for (const [format, keys] of Object.entries(PARSE_KEYS)) assert.deepEqual(byFormat.get(format), [...keys].sort(), format);
  });

  it('`validate` reports systems.yaml\'s misspelled key with the fixtures\' problems, and `run` refuses it before anything runs', async () => {
    const corpus = demoCorpus('systems:\n  - name: tool\n    type: command\n    indx: [tool, index]\n    query: [tool, "{task}"]\n    parse: {format: lines}\n');
    const validated = await run(corpus, 'validate', '--no-resolve');
    assert.equal(validated.code, 1);
    assert.equal(validated.stdout.split('\n').filter((l) => l.includes(': error: ')).join('\n'), 'systems.yaml:4:5: error: systems[0] (tool): unknown key `indx` for a command system (did you mean `index`?); '
      + 'the keys are name, type, languages, timeout_minutes, max_output_mb, version, npm, index, query, cwd, env, parse');
    const ran = await run(corpus, 'run', '--out', 'out');
    assert.equal(ran.code, 1);
    assert.match(ran.stderr, /^systems\.yaml:4:5: error: systems\[0\] \(tool\): unknown key `indx`/m);
    writeFileSync(join(corpus, 'systems.yaml'), 'systems:\n  - {name: grep, type: grep}\n');
    assert.equal((await run(corpus, 'validate', '--no-resolve')).code, 0);
  });
});
