// Run by log-destination.test.ts: logs lines to the asynchronous standard output, then ends as argv[2] says.
import { pino } from 'pino';
import { asyncStdout } from '../src/log-destination.js';

const logger = pino(asyncStdout());
for (let n = 1; n <= 1000; n++) logger.info({ n }, 'line');
const end = process.argv[2];
if (end === 'exit') process.exit(0);
if (end === 'throw') throw new Error('a crash after the last line');
if (end === 'wait') setTimeout(() => process.stdout.write('still running\n'), 2_000);
// 'end': the process runs out of work.
