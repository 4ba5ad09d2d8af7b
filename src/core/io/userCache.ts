// The user's cache folder for what Fixture Lab derives and installs outside any corpus (the SCIP
// indexers, the symbols' disk cache): safe to delete, rebuilt on use.
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_CACHE_HOME/fixture-lab`, else `~/.cache/fixture-lab`. */
export function userCacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'fixture-lab');
}
