// `npm run typecheck`, and the type-check step of `npm test`: every part's tsconfig.json checked
// by the compiler, then ESLint (eslint.config.mjs) over the same files. Each part has its own
// libraries and ambient types (tsconfig.base.json says why), so each is its own program; they
// run in this one process and share parsed files. Exits non-zero on any error or lint warning.
//
// Each file is checked once, by the program of the part it lives in (as the editor checks it, with
// the tsconfig.json nearest to it): a part's program also holds the files it imports from other
// parts (core in the CLI's, everything in the tests'), and the compiler types what is used of them
// without checking them again. A file in no part (none today) is checked by every program that
// holds it. ESLint's type-aware rules then lint each part's files with that same program, already
// checked (typescript-eslint's `programs`), instead of the project service building and checking
// every program a second time; eslint.config.mjs keeps `projectService` for editors and a bare
// `npx eslint`.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));
// require(), not import: an import of a CommonJS module has Node scan all of typescript.js (9 MB) for its export names first.
const ts = require('typescript');

/** Every part of the repository, the pure ones first. */
const PROJECTS = ['src/shared', 'src/core', 'src/cli', 'src/extension', 'webview', 'test'];

const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
};

/** Parsed files, shared by the programs: a file parses the same whatever the lib and types. */
const parsed = new Map();

/** The part a file belongs to (its folder), or undefined for a file outside every part. */
function partOf(fileName) {
  const path = relative(ROOT, fileName).split(sep).join('/');
  if (path.startsWith('..') || path.split('/').includes('node_modules')) return undefined;
  return PROJECTS.find((project) => path.startsWith(`${project}/`)) ?? '';
}

function createProgram(project) {
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
  return ts.createProgram({ rootNames: config.fileNames, options: config.options, host, configFileParsingDiagnostics: config.errors });
}

/**
 * What `tsc -p <project>` reports (ts.getPreEmitDiagnostics), for the files this part checks: its
 * own, and any outside every part. Library files are skipped as tsc skips them (skipLibCheck).
 */
function check(project, program) {
  const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics()];
  const files = program.getSourceFiles().filter((file) => {
    const part = partOf(file.fileName);
    return part === project || part === '';
  });
  for (const file of files) diagnostics.push(...program.getSyntacticDiagnostics(file));
  if (diagnostics.length > 0) return diagnostics;
  diagnostics.push(...program.getGlobalDiagnostics());
  if (diagnostics.length > 0) return diagnostics;
  for (const file of files) diagnostics.push(...program.getSemanticDiagnostics(file));
  return diagnostics;
}

/** ESLint over every part, each with its part's program, when eslint and typescript-eslint are installed (devDependencies). */
async function lint(programs) {
  try {
    require.resolve('eslint');
    require.resolve('typescript-eslint');
  } catch {
    console.log('eslint: eslint or typescript-eslint is not installed: lint skipped');
    return true;
  }
  const started = clock();
  const { ESLint } = await import('eslint');
  const results = [];
  for (const [project, program] of programs) {
    const eslint = new ESLint({ cwd: ROOT, overrideConfig: { languageOptions: { parserOptions: { projectService: false, programs: [program] } } } });
    results.push(...(await eslint.lintFiles([`${project}/**/*.ts`])));
  }
  const eslint = new ESLint({ cwd: ROOT });
  const text = (await eslint.loadFormatter('stylish')).format(results);
  if (text) console.log(text);
  const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
  console.log(`eslint: ${problems} problem${problems === 1 ? '' : 's'} in ${results.length} files in ${started()}`);
  return problems === 0;
}

/** Wall and CPU seconds (this process: user + system) since it was made. */
function clock() {
  const wall = Date.now();
  const cpu = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(cpu);
    return `${((Date.now() - wall) / 1000).toFixed(1)} s (CPU ${((user + system) / 1e6).toFixed(1)} s)`;
  };
}

const total = clock();
let ok = true;
const programs = [];
for (const project of PROJECTS) {
  if (!existsSync(join(ROOT, project, 'tsconfig.json'))) {
    console.log(`tsc ${project}: no tsconfig.json`);
    ok = false;
    continue;
  }
  const started = clock();
  const program = createProgram(project);
  programs.push([project, program]);
  const diagnostics = check(project, program);
  if (diagnostics.length > 0) console.log(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  console.log(`tsc ${project}: ${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'} in ${started()}`);
  if (diagnostics.length > 0) ok = false;
}
if (!(await lint(programs))) ok = false;
console.log(`typecheck: ${total()}`);
process.exit(ok ? 0 : 1);
