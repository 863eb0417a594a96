import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, startServerProcess, type ServerProcess } from './cli-process.js';

describe('cli: serve loads the city directory in the background (issue 27, issue 24)', function () {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-cities-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info' };
  let server: ServerProcess;
  let key: string;

  before(async () => {
    ({ key } = await createKeyWithCli(env, { name: 'Cities', scopes: 'qibla', permissions: 'read' }));
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /qibla by coordinates at once after starting, while a city request waits for the directory', async () => {
    const answered: string[] = [];
    const ask = async (label: string, query: string) => {
      const response = await fetch(`${server.url}/api/v1/qibla?${query}`, { headers: { 'X-API-Key': key } });
      answered.push(label);
      return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
    };
    const [byCity, byPoint] = await Promise.all([
      ask('city', 'city=Bak%C4%B1&country=AZ'),
      ask('point', 'lat=40.37767&lng=49.89201'),
    ]);
    expect(byPoint.status).to.equal(200);
    expect(byCity.status, JSON.stringify(byCity.body)).to.equal(200);
    expect(byCity.body.data.city).to.include({ name: 'Baku', country: 'AZ' });
    expect(byCity.body.data.bearing).to.equal(byPoint.body.data.bearing);
    // The directory takes seconds to build: a request by coordinates sent with the first city request is not
    // held behind it.
    expect(answered).to.deep.equal(['point', 'city']);
  });
});
