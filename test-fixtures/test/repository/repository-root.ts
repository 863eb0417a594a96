import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, from test-fixtures/dist/test/repository. */
export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
