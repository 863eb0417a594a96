import { expect } from 'chai';
import { runCampaign, statusTable } from './fuzz/campaign.js';

/**
 * The fuzz campaign (fuzz/campaign.ts): 2,000 random requests by default, a random seed each run.
 * FUZZ_SEED=<seed> replays a run; FUZZ_RUNS widens it. The larger run, after `npx tsc -b`:
 *
 *   FUZZ_RUNS=20000 node scripts/run-tests.mjs property-based
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

describe('http: property-based requests over every route of /openapi.json (fast-check)', function () {
  // 10 minutes for the default run (it takes some 20 s); a larger one in proportion (0.1 s a request).
  this.timeout(Math.max(600_000, RUNS * 100));

  it(
    `answers ${RUNS} random requests with no 5xx, the envelope with a table code on every rejection, ` +
      'no stack or SQL, and refused writes changing nothing',
    async () => {
      const result = await runCampaign({ runs: RUNS, seed: SEED });
      const report =
        `seed ${result.seed} (replay: FUZZ_SEED=${result.seed}); ` +
        `by status: ${statusTable(result.byStatus).join(', ')}`;
      if (result.failure) throw new Error(`${report}\n${result.failure}`);
      expect(result.unexpectedFailures, report).to.deep.equal([]);
      expect(result.runs).to.be.at.least(RUNS);
      expect(
        [...result.byStatus.keys()].filter((status) => status >= 500),
        report,
      ).to.deep.equal([]);
      // The generators reach past validation: successes, refusals of every kind and missing records.
      for (const status of [200, 400, 401, 404]) expect(result.byStatus.get(status) ?? 0, report).to.be.greaterThan(0);
    },
  );
});
