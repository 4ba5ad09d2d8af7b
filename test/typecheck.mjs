// `npm run typecheck`, and the type-check step of `npm test`: every part's tsconfig.json checked
// by the compiler, then ESLint (eslint.config.mjs) over the same files. Each part has its own
// libraries and ambient types (tsconfig.base.json says why), so each is its own program; they
// run in this one process and share parsed files, which costs about what one program over
// everything used to. Exits non-zero on any error or lint warning.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every part of the repository, the pure ones first. */
const PROJECTS = ['src/shared', 'src/core', 'src/cli', 'src/extension', 'webview', 'test'];

const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
};

/** Parsed files, shared by the programs: a file parses the same whatever the lib and types. */
const parsed = new Map();

function check(project) {
  const configPath = join(ROOT, project, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const key = `${fileName}\0${typeof languageVersion === 'object' ? `${languageVersion.languageVersion}/${languageVersion.impliedNodeFormat}` : languageVersion}`;
    let file = parsed.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host, configFileParsingDiagnostics: config.errors });
  return ts.getPreEmitDiagnostics(program);
}

/** ESLint over every part, when eslint and typescript-eslint are installed (devDependencies). */
async function lint() {
  const require = createRequire(join(ROOT, 'package.json'));
  try {
    require.resolve('eslint');
    require.resolve('typescript-eslint');
  } catch {
    console.log('eslint: eslint or typescript-eslint is not installed: lint skipped');
    return true;
  }
  const started = Date.now();
  const { ESLint } = await import('eslint');
  const eslint = new ESLint({ cwd: ROOT });
  const results = await eslint.lintFiles(PROJECTS.map((project) => `${project}/**/*.ts`));
  const text = (await eslint.loadFormatter('stylish')).format(results);
  if (text) console.log(text);
  const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
  console.log(`eslint: ${problems} problem${problems === 1 ? '' : 's'} in ${results.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return problems === 0;
}

let ok = true;
for (const project of PROJECTS) {
  if (!existsSync(join(ROOT, project, 'tsconfig.json'))) {
    console.log(`tsc ${project}: no tsconfig.json`);
    ok = false;
    continue;
  }
  const started = Date.now();
  const diagnostics = check(project);
  if (diagnostics.length > 0) console.log(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  console.log(`tsc ${project}: ${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (diagnostics.length > 0) ok = false;
}
if (!(await lint())) ok = false;
process.exit(ok ? 0 : 1);
