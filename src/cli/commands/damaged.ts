import type { DamagedAnswers } from '../../core';
import type { CliIO } from '../args';

/** export-trec's and charts' --skip-damaged: each damaged answer named on stderr, then how many were left out. */
export function damagedAnswers(skip: boolean | undefined, io: CliIO): DamagedAnswers {
  return {
    skip: skip ?? false,
    warn: (message) => io.stderr.write(`fixture-lab: ${message}\n`),
    left: (count) => io.stderr.write(`fixture-lab: left out ${count} damaged answer${count === 1 ? '' : 's'} (--skip-damaged)\n`),
  };
}
