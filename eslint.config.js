// Lint rules and the package boundaries of the hexagonal layout (docs/architecture.md). The
// boundaries are plain `no-restricted-imports` rules, so a forbidden import fails the test suite
// (test-fixtures/test/repository) with the file and line that broke it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const DATABASE_DRIVERS = ['kysely', 'better-sqlite3', 'pg', 'ioredis', 'sqlite', 'node:sqlite'];
const FILE_AND_NETWORK = ['fs', 'node:fs', 'http', 'node:http', 'https', 'node:https', 'net', 'node:net'];
const HTTP_FRAMEWORKS = ['express', 'cors', 'compression', 'supertest'];
const UPSTREAM_FORMATS = ['saxes', 'quran-json'];
const PROCESS_TOOLS = ['pino', 'commander', 'cli-progress'];
const COMPOSITION = ['tsyringe', 'reflect-metadata'];

/** A `no-restricted-imports` pattern for the packages and every subpath of them (`fs/promises`, `kysely/helpers/…`). */
const forbid = (names, message) => ({ group: names.flatMap((name) => [name, `${name}/**`]), message });

/** The `no-restricted-imports` rule of a folder, with the composition rule that holds everywhere. */
const boundary = (...patterns) => [
  'error',
  {
    patterns: [
      ...patterns,
      forbid(COMPOSITION, 'Only the composition root (packages/cli/src/composition-root.ts) wires dependencies.'),
    ],
  },
];

const CORE_DOES_NO_IO = 'Core does no I/O: downloads live in packages/sources.';

const ADAPTER_LIMITS = [
  forbid(HTTP_FRAMEWORKS, 'Storage adapters know no HTTP.'),
  forbid(
    ['@islamic-data/http-express', '@islamic-data/cli', '@islamic-data/sources'],
    'An adapter implements core ports only.',
  ),
];

export const BOUNDARIES = {
  'packages/core/src/**/*.ts': boundary(
    forbid(FILE_AND_NETWORK, 'Core does no I/O: readers of files and URLs live in packages/sources.'),
    forbid(HTTP_FRAMEWORKS, 'Core knows no HTTP framework: that is packages/http-express.'),
    forbid(DATABASE_DRIVERS, 'Core knows no database: adapters implement its ports.'),
    forbid(UPSTREAM_FORMATS, 'Upstream formats are read in packages/sources.'),
    forbid(PROCESS_TOOLS, 'Logging and command lines belong to the process (packages/cli).'),
    forbid(['@islamic-data'], 'Core depends on no other package of this project.'),
  ),
  'packages/sources/src/**/*.ts': boundary(
    forbid(HTTP_FRAMEWORKS, 'Sources read upstream formats; HTTP serving is packages/http-express.'),
    forbid(DATABASE_DRIVERS, 'Sources write through core ports, not to a database.'),
    forbid(
      ['@islamic-data/adapters-*', '@islamic-data/http-express', '@islamic-data/cli'],
      'Sources depend on core only.',
    ),
  ),
  'packages/adapters-*/src/**/*.ts': boundary(...ADAPTER_LIMITS),
  // After the adapters' rule, so it replaces it for this folder: the same limits, and nothing of one dialect.
  'packages/adapters-kysely/src/**/*.ts': boundary(
    ...ADAPTER_LIMITS,
    forbid(
      DATABASE_DRIVERS.filter((name) => name !== 'kysely'),
      'adapters-kysely serves both dialects: a driver belongs to its own adapter.',
    ),
    forbid(
      ['kysely/helpers/sqlite', 'kysely/helpers/postgres', '@islamic-data/adapters-*'],
      'adapters-kysely serves both dialects: what one dialect needs stays in its adapter.',
    ),
  ),
  'packages/http-express/src/**/*.ts': boundary(
    forbid(DATABASE_DRIVERS, 'The HTTP adapter talks to storage only through core ports.'),
    forbid(['prom-client'], 'The pipeline reports to its RequestObserver port; packages/cli implements it.'),
    forbid(
      ['@islamic-data/adapters-*', '@islamic-data/cli', '@islamic-data/sources'],
      'The HTTP adapter imports no other adapter: the composition root passes it core ports.',
    ),
  ),
  'packages/cli/src/**/*.ts': boundary(),
  // The typed client is published alone and runs in browsers: no server package, no Node built-in.
  'packages/client/src/**/*.ts': boundary(
    forbid(['@islamic-data'], 'The client depends on no package of the server: its types are generated.'),
    {
      group: ['node:*', ...FILE_AND_NETWORK],
      message: 'The client runs in browsers too: fetch only, no Node built-in.',
    },
  ),
  // The benchmarks use the packages as any consumer does: through their exports, not by a path into a package.
  'bench/**/*.ts': boundary({
    regex: '^(\\.\\./)+(packages|test-fixtures)/|^@islamic-data/[^/]+/(src|test|dist)(/|$)',
    message:
      'A bench uses a package through its exports (@islamic-data/cli, @islamic-data/cli/process, …), ' +
      'not by a path into its src/, test/ or dist/.',
  }),
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Response bodies in tests are read as the client sees them: untyped JSON.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-expressions': 'off', // chai's `expect(x).to.be.true`
    },
  },
  {
    // Migrations must not depend on today's table types (they describe the schema as it was): Kysely<any>.
    files: ['packages/adapters-*/src/migrations/**/*.ts', 'packages/adapters-*/src/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...Object.entries(BOUNDARIES).map(([glob, rule]) => ({ files: [glob], rules: { 'no-restricted-imports': rule } })),
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: CORE_DOES_NO_IO }],
      'no-restricted-properties': ['error', { object: 'globalThis', property: 'fetch', message: CORE_DOES_NO_IO }],
      // A dynamic import() would slip past the import rules above.
      'no-restricted-syntax': ['error', { selector: 'ImportExpression', message: 'Core imports statically only.' }],
    },
  },
  { files: ['packages/cli/src/composition-root.ts'], rules: { 'no-restricted-imports': 'off' } },
  prettier,
  // After `prettier`, which turns max-len off: Prettier wraps code but cannot break strings, template literals
  // or comments, so those are kept within its printWidth by hand.
  { rules: { 'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }] } },
  // Written by openapi-typescript from the document's descriptions (npm run generate:client).
  { files: ['packages/client/src/generated/**/*.ts'], rules: { 'max-len': 'off' } },
);
