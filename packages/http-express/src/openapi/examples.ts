import captured from './examples.json' with { type: 'json' };

/** One response captured from a running server by `packages/cli/scripts/capture-openapi-examples` (never typed). */
export interface CapturedExample {
  /** The request that produced it, e.g. `GET /api/v1/qibla?lat=21.4&lng=39.8`. */
  request: string;
  status: number;
  /** What was left out to keep the document small (e.g. "first 3 of 114 items"), if anything. */
  shortened?: string;
  /** The JSON body, or the text of a non-JSON document. */
  body: unknown;
}

/** Captured examples by operationId. */
export const CAPTURED_EXAMPLES: Readonly<Record<string, CapturedExample>> = captured as Record<string, CapturedExample>;
