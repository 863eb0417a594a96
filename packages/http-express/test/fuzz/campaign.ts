import fc from 'fast-check';
import { isWrite, startFuzzTarget } from './fuzz-target.js';
import { anyRequest, type FuzzRequest } from './request-arbitrary.js';

export interface CampaignResult {
  seed: number;
  runs: number;
  /** Responses by status, over every request sent (shrinking included). */
  byStatus: Map<number, number>;
  /** fast-check's report of the first failing case (with its seed and path), or null. */
  failure: string | null;
  unexpectedFailures: string[];
}

/**
 * Sends `runs` random requests over every operation of the app's own OpenAPI document, one at a time,
 * and checks each answer; a write refused with 4xx must leave the database as it was.
 */
export async function runCampaign(options: { runs: number; seed?: number }): Promise<CampaignResult> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const target = await startFuzzTarget();
  const byStatus = new Map<number, number>();
  try {
    const property = fc.asyncProperty(anyRequest(target.operations, target.known), async (request: FuzzRequest) => {
      const before = isWrite(request) ? target.snapshot() : undefined;
      const response = await target.send(request);
      byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
      const problems = target.problemsOf(request, response);
      if (before !== undefined && response.status >= 400 && target.snapshot() !== before) {
        problems.push(`a refused write (${response.status}) changed the database`);
      }
      if (problems.length) {
        throw new Error(
          `${problems.join('; ')}\n  request: ${request.method} ${request.path.slice(0, 300)} ` +
            `(${request.operation}) headers ${JSON.stringify(request.headers).slice(0, 300)} ` +
            `body ${request.body ? request.body.toString('latin1').slice(0, 200) : 'none'}\n` +
            `  response: ${response.status} ` +
            response.text.slice(0, 300),
        );
      }
    });
    const details = await fc.check(property, { numRuns: options.runs, seed, endOnFailure: false });
    return {
      seed,
      runs: details.numRuns,
      byStatus,
      failure: details.failed ? (fc.defaultReportMessage(details) ?? 'failed') : null,
      unexpectedFailures: target.unexpectedFailures(),
    };
  } finally {
    await target.close();
  }
}

/** `status count` lines, by status. */
export const statusTable = (byStatus: Map<number, number>) =>
  [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status} ${count}`);
