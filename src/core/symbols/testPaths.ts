// Test code by its path, in the eight languages' conventions: what candidates, neighbours and the
// labeling guardrails all ask, so it sits below them.

/** Paths of test code in the eight languages' conventions. */
const TEST_FOLDER = /(^|\/)(tests?|__tests__|spec|testdata)\//;
const TEST_FILE = /(_test\.go|_test\.py|(^|\/)test_[^/]*\.py|\.(test|spec)\.[jt]sx?|Tests?\.(java|cs)|_spec\.rb|_test\.rb)$/;

export function isTestPath(path: string): boolean {
  return TEST_FOLDER.test(path) || TEST_FILE.test(path);
}
