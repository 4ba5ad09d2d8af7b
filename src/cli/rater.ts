// Who runs a command that labels: `--rater NAME`, else FIXTURE_LAB_RATER (the CLI twin of the
// editor's fixtureLab.raterName), else git's user.name where the fixture is. Raters are roles:
// the name decides which list a label goes to (core/labeling/state.ts clickTarget), not the flag.
import { dirname } from 'node:path';
import { gitUserName } from '../core/git/repository';
import { FixtureLabError } from '../core/problems';

export async function raterFor(given: string | undefined, fixturePath: string): Promise<string> {
  const name = given?.trim() || process.env.FIXTURE_LAB_RATER?.trim() || (await gitUserName(dirname(fixturePath)));
  if (!name) throw new FixtureLabError('who is rating? name yourself with --rater NAME, or set FIXTURE_LAB_RATER=NAME, or git config user.name NAME');
  return name;
}
