import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The packages whose code shapes an answer: the use cases, the routes and serialisers, the stores, the sources. */
const ANSWERING_PACKAGES = [
  'core',
  'http-express',
  'sources',
  'adapters-kysely',
  'adapters-sqlite',
  'adapters-postgres',
];

const packagesDir = fileURLToPath(new URL('../../../', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

let digest: string | undefined;

/**
 * A digest of the compiled code that builds answers (each package's `dist/src`): precomputed answers are sent only
 * by the code that computed them, so an upgrade that changes an answer never sends the old one (docs/operations.md).
 * Some 30 ms, once per process, when first asked for (by `serve` and `precompute`).
 */
export function answersFormat(): string {
  if (digest !== undefined) return digest;
  const hash = createHash('sha256');
  for (const name of ANSWERING_PACKAGES) {
    const dir = path.join(packagesDir, name, 'dist', 'src');
    if (!existsSync(dir)) continue;
    for (const file of filesUnder(dir))
      hash.update(path.relative(packagesDir, file)).update('\0').update(readFileSync(file));
  }
  digest = hash.digest('base64url').slice(0, 22);
  return digest;
}
