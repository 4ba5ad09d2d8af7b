// The recorded host session the webview tests and README's pictures use is what the host's code
// sends today: made again by hostSession.ts and compared with the file, message by message.
// FIXTURE_LAB_RECORD=1 writes the file instead (docs/testing.md).
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/demoCorpus';
import { easy01Session, type Recording, recordingText } from './hostSession';

const FILE = join(ROOT, 'test', 'fixtures', 'panel', 'easy-01-run.json');

describe('the recorded host session test/fixtures/panel/easy-01-run.json', function () {
  this.timeout(120_000);

  it('is what the host\'s code sends today, the same bytes each time it is made', async () => {
    const made = await easy01Session();
    const text = recordingText(made);
    assert.equal(recordingText(await easy01Session()), text, 'made twice, the same bytes');
    assert.doesNotMatch(text, /fixture-lab-|"dir":/, 'no temp path in what the page is sent');
    if (process.env.FIXTURE_LAB_RECORD) writeFileSync(FILE, text);
    const stale = 'stale: FIXTURE_LAB_RECORD=1 npx mocha out/test/webview/hostSession.test.js writes it again (docs/testing.md)';
    const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Recording;
    assert.equal(recorded.description, made.description, stale);
    assert.deepEqual(recorded.messages.map((m) => m.type), made.messages.map((m) => m.type), stale);
    made.messages.forEach((m, i) => assert.deepEqual(recorded.messages[i], m, `message ${i} (${m.type}) is ${stale}`));
    assert.equal(readFileSync(FILE, 'utf8'), text, stale);
  });
});
