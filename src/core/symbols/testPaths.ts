// Test code by its path, in the eight languages' conventions: what candidates, neighbours and the
// labeling guardrails all ask, so it sits below them.

/** Paths of test code in the eight languages' conventions. */
const TEST_PATH = /(^|\/)(tests?|__tests__|spec|testdata)\/|(_test\.go|_test\.py|(^|\/)test_[^/]*\.py|\.(test|spec)\.[jt]sx?|Tests?\.(java|cs)|_spec\.rb|_test\.rb)$/;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}
