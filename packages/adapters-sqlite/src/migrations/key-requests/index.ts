import type { Migration } from 'kysely';
import * as keyRequests from './2026-11-27-080-key-requests.js';

export const keyRequestsMigrations: Record<string, Migration> = {
  '2026-11-27-080-key-requests': keyRequests,
};
