// The larger property-based run: `npm run fuzz -- [runs] [seed]` (default 20,000 runs, a random seed).
// Prints the responses by status and exits 1 on the first failing case, with its seed.
import { runCampaign, statusTable } from '../test/http/fuzz/campaign.js';

const runs = Number(process.argv[2] ?? 20_000);
const seed = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const started = Date.now();
const result = await runCampaign({ runs, seed });
console.log(`runs ${result.runs}, seed ${result.seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(['status count', ...statusTable(result.byStatus)].join('\n'));
if (result.unexpectedFailures.length) console.log(`unexpected failures logged: ${result.unexpectedFailures.length}`);
if (result.failure) console.log(result.failure);
process.exit(result.failure || result.unexpectedFailures.length ? 1 : 0);
