// ESLint, run by `npm run typecheck` (test/typecheck.mjs) after the compiler: typescript-eslint's
// type-checked recommended rules over the TypeScript of every part (src/shared, src/core, src/cli,
// src/extension, webview, test), each file checked with its own part's tsconfig.json, which the
// project service finds. Zero warnings is the bar. Needs the devDependencies eslint and
// typescript-eslint; test/typecheck.mjs says so and skips the lint while they are missing.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'out/', 'node_modules/', '.cache/', 'corpus/', 'results/', 'test-artifacts/'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
);
