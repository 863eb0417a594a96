import type { ApiKeyRecord, ContentVersionVector, KeyVerification } from '@islamic-data/core';
import type { ServerResponse } from 'node:http';

/** What the steps of a request leave for the next ones (Express keeps it as `res.locals`). */
export interface RequestLocals {
  requestId: string;
  /** The presented key's verification, made by the front door for every request it counts. */
  verification?: KeyVerification;
  /** The verified key, once a route's access check (or a cache hit) accepted it. */
  key?: ApiKeyRecord | null;
  /** The content versions read when the request came in, for the key and representation caches. */
  contentVersions?: ContentVersionVector;
  /** A failure of the front door's own steps, for the Express app's error envelope to word. */
  failure?: unknown;
  [name: string]: unknown;
}

export type AppResponse = ServerResponse & { locals: RequestLocals };
