// Fixture Lab's own version, package.json's, written into every bundle by esbuild.mjs (`define`):
// the CLI's `--version` and a run's record of what scored it read the same string, and no bundle
// looks for a package.json at run time (an installed CLI's lies wherever npm linked it).
declare const FIXTURE_LAB_PACKAGE_VERSION: string;

export const FIXTURE_LAB_VERSION: string = FIXTURE_LAB_PACKAGE_VERSION;
