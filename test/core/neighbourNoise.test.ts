// Links that are no evidence (issue 27's precision): what the default candidates leave out or rank
// below the evidence a labeler needs, each on a small real git history shaped like the code the
// false positives were seen in.
import * as assert from 'node:assert/strict';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

describe('neighbours: what is no evidence', function () {
  this.timeout(60_000);

  it('a name the function binds itself (a parameter, an assignment) is its local: never a module variable of that name', async () => {
    const repo = new TestRepo();
    const wsgi = (key: string) => `def build_environ(scope):\n    environ = {"PATH": scope["path"]}\n    environ["${key}"] = scope["root"]\n    return environ\n`;
    const run = (v: string) => `export function run(options: number) {\n  return options + ${v};\n}\n`;
    const config = (fallback: string) => `import os\n\nenviron = dict(os.environ)\n\n\ndef lookup(\n    environ,\n    key,\n):\n    return environ.get(key${fallback})\n\n\ndef fallback(values, environ=environ):\n    return values or environ${fallback}\n`;
    const base = repo.commit('base', {
      'app/config.py': config(''),
      'app/wsgi.py': wsgi('SCRIPT_NAME'),
      'app/settings.py': 'from .config import environ\n\n\ndef debug():\n    return environ.get("DEBUG")\n',
      'src/defaults.ts': 'export const options = 2;\n\nexport function twice() {\n  return options * 2;\n}\n',
      'src/run.ts': run('1'),
    });
    const head = repo.commit('head', {
      'app/config.py': config(', ""'),
      'app/wsgi.py': wsgi('ROOT_PATH'),
      'app/settings.py': 'from .config import environ\n\n\ndef debug():\n    return environ.get("DEBUG") == "1"\n',
      'src/run.ts': run('2'),
    });
    const m = by(await candidates(repo, base, head));
    // build_environ's `environ` is its own dict, lookup's its parameter (beside the module's own
    // variable), and run's `options` its parameter; fallback's parameter default is read where
    // fallback is defined: that one is the module's.
    assert.ok(m.has('app/wsgi.build_environ') && m.has('app/config.lookup') && m.has('src/run.run'), [...m.keys()].join(', '));
    // settings.py imports config's environ by name: that use is the module's variable.
    assert.deepEqual(m.get('app/config.environ')?.via.sort(), ['app/config.fallback', 'app/settings.debug'], [...m.keys()].join(', '));
    assert.deepEqual([...m.keys()].filter((s) => s.startsWith('src/defaults')), []);
  });

  it('a writer of an attribute the change reads only on lines it left alone weighs a quarter, like every use there', async () => {
    const repo = new TestRepo();
    const job = (total: string) => `class Job:\n    def __init__(self):\n        self.attempts = 0\n        self.limit = 3\n\n    def retry(self):\n        self.attempts += 1\n\n    def relimit(self, n):\n        self.limit = n\n\n    def run(self):\n        if self.attempts > 5:\n            return "gave up"\n        a = 1\n        b = 2\n        c = 3\n        return ${total}\n`;
    const base = repo.commit('base', { 'app/job.py': job('self.limit + a + b + c') });
    const head = repo.commit('head', { 'app/job.py': job('self.limit + a + b + c + 1') });
    const c = await candidates(repo, base, head, { evidence: 'all' });
    const weight = new Map(c.neighbours.map((n) => [n.symbol, { why: n.why, score: n.score }]));
    // The changed line reads `limit`: relimit, which writes it, is strong evidence; the `attempts`
    // that a line the change left alone reads is context: retry, which writes it, weighs a quarter.
    assert.deepEqual(weight.get('app/job.Job.relimit'), { why: 'writes limit (line 10)', score: 0.5 });
    assert.deepEqual(weight.get('app/job.Job.retry'), { why: 'writes attempts (line 7)', score: 0.125 });
  });
});
