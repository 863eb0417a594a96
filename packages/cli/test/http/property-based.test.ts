import { expect } from 'chai';
import { runCampaign, statusTable } from './fuzz/campaign.js';

/** FUZZ_RUNS and FUZZ_SEED replay or widen a run; the larger run is `npm run fuzz`. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

describe('http: property-based requests over every route of /openapi.json (fast-check)', function () {
  this.timeout(600_000);

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
