// Run by log-destination.test.ts: logs lines to the asynchronous standard output, then ends as argv[2] says; to
// wait, it logs fewer than a block's worth, which only the flush timer writes while the process goes on.
import { pino } from 'pino';
import { asyncStdout } from '../src/log-destination.js';

// Options first: pino takes a lone object without a stream's marks for its options, not its destination.
const logger = pino({}, asyncStdout());
const end = process.argv[2];
for (let n = 1; n <= (end === 'wait' ? 20 : 1000); n++) logger.info({ n }, 'line');
if (end === 'exit') process.exit(0);
if (end === 'throw') throw new Error('a crash after the last line');
if (end === 'wait') setTimeout(() => process.stdout.write('still running\n'), 2_000);
// 'end': the process runs out of work.
