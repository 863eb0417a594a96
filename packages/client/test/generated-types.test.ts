import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { GENERATED_TYPES_FILE, typesOfDocument } from '../scripts/generated-types.js';
import { startTestServer, type TestServer } from './test-server.js';

describe('client: the generated types are those of the document the server serves', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ content: false });
  });
  after(async () => server?.close());

  it('src/generated/openapi.ts is what openapi-typescript makes of GET /openapi.json', async () => {
    const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as unknown;
    const generated = await typesOfDocument(served);
    const committed = readFileSync(GENERATED_TYPES_FILE, 'utf8');
    if (generated !== committed) {
      const lines = [generated.split('\n'), committed.split('\n')] as const;
      const first = lines[0].findIndex((line, i) => line !== lines[1][i]);
      expect.fail(
        `The generated types drifted from the served document at line ${first + 1} ` +
          `(served: ${JSON.stringify(lines[0][first])}, committed: ${JSON.stringify(lines[1][first])}); ` +
          'run `npx tsc -b && npm run generate:client`.',
      );
    }
  });

  it('notices a drift: a document with one more operation gives other types', async () => {
    const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    served.paths['/api/v1/made-up'] = { get: { operationId: 'getMadeUp', responses: { 200: { description: 'x' } } } };
    expect(await typesOfDocument(served)).to.not.equal(readFileSync(GENERATED_TYPES_FILE, 'utf8'));
  });
});
