// The small corpus the CLI and validation tests build in a temp folder: a repos.yaml naming one
// repository, `demo` (pinned, no local checkout), beside the fixture files a test gives.
import { tempDir } from './tempDir';

/** repos.yaml with the one repository `demo`, in `language` (a name or a YAML list). */
export function demoRepos(language = 'python'): string {
  return `repos:\n  - name: demo\n    url: https://example.com/demo.git\n    commit: "0123456"\n    language: ${language}\n    module: example.com/demo\n`;
}

/** A temp corpus: `repos` as repos.yaml and `files` (path -> text) beside it. */
export function tempCorpus(files: Record<string, string> = {}, repos = demoRepos()): string {
  return tempDir({ 'repos.yaml': repos, ...files });
}
