import { expect } from 'chai';
import { ESLint } from 'eslint';
import path from 'node:path';
import { REPOSITORY_ROOT } from './repository-root.js';

/**
 * The package boundaries of docs/architecture.md (Packages and boundaries), checked by the repository's own ESLint
 * configuration (`no-restricted-imports` per package): each case lints a made-up file placed where a
 * real one would be, so the rules are shown to catch what they forbid and to allow what they must.
 */
const BOUNDARY_RULES = [
  'no-restricted-imports',
  'no-restricted-globals',
  'no-restricted-properties',
  'no-restricted-syntax',
];

describe('package boundaries (eslint.config.js)', function () {
  this.timeout(60_000);
  const eslint = new ESLint({ cwd: REPOSITORY_ROOT });

  async function boundaryErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, {
      filePath: path.join(REPOSITORY_ROOT, file),
    });
    return (result?.messages ?? [])
      .filter(({ ruleId }) => ruleId !== null && BOUNDARY_RULES.includes(ruleId))
      .map(({ message }) => message);
  }

  const forbidden: Array<[file: string, code: string, why: RegExp]> = [
    ['packages/core/src/quran/reader.ts', "import { readFile as value } from 'node:fs/promises';", /Core does no I\/O/],
    ['packages/core/src/shared/x.ts', "import * as value from 'fs';", /Core does no I\/O/],
    ['packages/core/src/hadith/x.ts', "import value from 'node:http';", /Core does no I\/O/],
    ['packages/core/src/hadith/x.ts', 'const value = await fetch("http://127.0.0.1/");', /Core does no I\/O/],
    ['packages/core/src/x.ts', "import value from 'express';", /no HTTP framework/],
    ['packages/core/src/x.ts', "import { Kysely as value } from 'kysely';", /no database/],
    ['packages/core/src/x.ts', "import value from 'better-sqlite3';", /no database/],
    ['packages/core/src/x.ts', "import { container as value } from 'tsyringe';", /composition root/],
    ['packages/core/src/x.ts', "import { SaxesParser as value } from 'saxes';", /packages\/sources/],
    ['packages/core/src/x.ts', "import value from 'quran-json';", /packages\/sources/],
    ['packages/core/src/x.ts', "import { pino as value } from 'pino';", /belong to the process/],
    [
      'packages/core/src/x.ts',
      "import type { SqliteDatabase as value } from '@islamic-data/adapters-sqlite';",
      /no other package/,
    ],
    [
      'packages/http-express/src/app.ts',
      "import { openDatabase as value } from '@islamic-data/adapters-sqlite';",
      /imports no other adapter/,
    ],
    ['packages/http-express/src/x.ts', "import { container as value } from 'tsyringe';", /composition root/],
    ['packages/http-express/src/x.ts', "import value from 'better-sqlite3';", /only through core ports/],
    ['packages/http-express/src/x.ts', "import { Counter as value } from 'prom-client';", /RequestObserver port/],
    [
      'packages/client/src/x.ts',
      "import { apiRoutes as value } from '@islamic-data/http-express';",
      /no package of the/,
    ],
    ['packages/client/src/x.ts', "import { readFileSync as value } from 'node:fs';", /runs in browsers/],
    ['packages/cli/src/commands/keys.ts', "import { container as value } from 'tsyringe';", /composition root/],
    ['packages/adapters-sqlite/src/x.ts', "import value from 'express';", /know no HTTP/],
    ['packages/core/src/x.ts', "import { sql as value } from 'kysely/helpers/sqlite';", /no database/],
    ['packages/core/src/x.ts', "import { DatabaseSync as value } from 'node:sqlite';", /no database/],
    ['packages/http-express/src/x.ts', "import value from 'kysely/helpers/postgres';", /only through core ports/],
    ['packages/core/src/x.ts', 'const value = await globalThis.fetch("http://127.0.0.1/");', /Core does no I\/O/],
    ['packages/core/src/x.ts', "const value = await import('node:fs');", /statically only/],
    [
      'packages/sources/src/x.ts',
      "import { sqliteStores as value } from '@islamic-data/adapters-sqlite';",
      /core only/,
    ],
    ['packages/adapters-kysely/src/x.ts', "import value from 'better-sqlite3';", /serves both dialects/],
    ['packages/adapters-kysely/src/stores/x.ts', "import value from 'pg';", /serves both dialects/],
    ['packages/adapters-kysely/src/x.ts', "import value from 'kysely/helpers/postgres';", /serves both dialects/],
    [
      'packages/adapters-kysely/src/x.ts',
      "import { sqliteStores as value } from '@islamic-data/adapters-sqlite';",
      /serves both dialects/,
    ],
    ['packages/adapters-kysely/src/x.ts', "import value from 'express';", /know no HTTP/],
    ['packages/adapters-kysely/src/x.ts', "import { container as value } from 'tsyringe';", /composition root/],
    [
      'bench/src/x.ts',
      "import { loadConfig as value } from '../../packages/cli/src/config.js';",
      /through its exports/,
    ],
    [
      'bench/src/x.ts',
      "import { runCli as value } from '../../packages/cli/test/cli-process.js';",
      /through its exports/,
    ],
    [
      'bench/src/x.ts',
      "import { generateMosques as value } from '../../test-fixtures/src/index.js';",
      /through its exports/,
    ],
    [
      'bench/src/x.ts',
      "import value from '@islamic-data/core/dist/src/timezone/border-towns.js';",
      /through its exports/,
    ],
  ];
  for (const [file, code, why] of forbidden) {
    it(`refuses in ${file}: ${code}`, async () => {
      const errors = await boundaryErrors(file, code);
      expect(errors, errors.join('\n')).to.have.lengthOf(1);
      expect(errors[0]).to.match(why);
    });
  }

  const allowed: Array<[file: string, code: string]> = [
    ['packages/core/src/x.ts', "import { Coordinates as value } from 'adhan';"],
    ['packages/core/src/x.ts', "import { createHash as value } from 'node:crypto';"],
    ['packages/http-express/src/x.ts', "import value from 'express';"],
    ['packages/http-express/src/x.ts', "import { AppError as value } from '@islamic-data/core';"],
    ['packages/adapters-sqlite/src/x.ts', "import { Kysely as value } from 'kysely';"],
    ['packages/adapters-kysely/src/x.ts', "import { Kysely as value } from 'kysely';"],
    ['packages/adapters-kysely/src/x.ts', "import { zeroVersions as value } from '@islamic-data/core';"],
    ['packages/adapters-postgres/src/x.ts', "import { kyselyStores as value } from '@islamic-data/adapters-kysely';"],
    ['packages/cli/src/composition-root.ts', "import { container as value } from 'tsyringe';"],
    ['packages/client/src/x.ts', "import value from 'openapi-fetch';"],
    ['packages/cli/src/x.ts', "import { openDatabase as value } from '@islamic-data/adapters-sqlite';"],
    ['bench/src/x.ts', "import { composeServices as value } from '@islamic-data/cli';"],
    ['bench/src/x.ts', "import { runCli as value } from '@islamic-data/cli/process';"],
    ['bench/src/x.ts', "import { BORDER_TOWNS as value } from '@islamic-data/core/border-towns';"],
    ['bench/src/x.ts', "import { listen as value } from './bench-child.js';"],
    // The HTTP suites compose the app's dependencies from real adapters: tests are not bound by src's rules.
    [
      'packages/http-express/test/x.test.ts',
      "import { composeTestDependencies as value } from '@islamic-data/test-composition';",
    ],
    [
      'packages/http-express/test/x.test.ts',
      "import { integrityCheck as value } from '@islamic-data/adapters-sqlite';",
    ],
    ['test-fixtures/composition/src/x.ts', "import { sqliteStorage as value } from '@islamic-data/adapters-sqlite';"],
  ];
  for (const [file, code] of allowed) {
    it(`allows in ${file}: ${code}`, async () => {
      expect(await boundaryErrors(file, code)).to.deep.equal([]);
    });
  }
});
