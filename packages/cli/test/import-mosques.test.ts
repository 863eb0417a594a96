import type { AuditEntry, MosqueRecord, OsmImportSummary } from '@islamic-data/core';
import { generateOsmFile, sharedPostgres, type GeneratedOsmFile } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { composeServices, loadConfig } from '../src/index.js';
import { CLI_MAIN, runCli, startServerProcess, type ServerProcess } from './cli-process.js';

const ENGINES = ['sqlite', 'postgres'] as const;
const SCHEDULE_1 = { iqama: { fajr: { after: 20 }, isha: { at: '20:30' } }, jumuah: ['13:00'] };
const SCHEDULE_2 = { iqama: { fajr: { after: 30 } }, jumuah: ['13:30'] };

/** Every mosque and audit entry, read through the same composition the CLI uses (either engine). */
async function snapshot(env: Record<string, string>): Promise<{ mosques: MosqueRecord[]; audit: AuditEntry[] }> {
  const services = await composeServices(loadConfig({ ...env, LOG_LEVEL: 'warn' }), {
    logDestination: process.stderr,
  });
  try {
    const mosques = await services.stores.mosques.listByStatus('published', 1_000_000);
    return { mosques, audit: await services.stores.audit.list({ limit: 1_000_000 }) };
  } finally {
    await services.close();
  }
}

/** Runs `import mosques` and kills it with SIGKILL `afterMs` after it says it is importing. */
function importKilledAfter(file: string, env: Record<string, string>, afterMs: number) {
  const child = spawn(process.execPath, [CLI_MAIN, 'import', 'mosques', '--from', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<{ signal: NodeJS.Signals | null; code: number | null }>((resolve) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      const started = !stderr.includes('Importing');
      stderr += chunk;
      if (started && stderr.includes('Importing')) setTimeout(() => child.kill('SIGKILL'), afterMs);
    });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

for (const engine of ENGINES) {
  describe(`cli: import mosques from OpenStreetMap, schedules, own keys (${engine}, real processes)`, function () {
    this.timeout(600_000);
    const dir = mkdtempSync(path.join(tmpdir(), `islamic-data-osm-${engine}-`));
    const overpassFile = path.join(dir, 'overpass.json');
    const renamedFile = path.join(dir, 'overpass-renamed.json');
    const geoJsonFile = path.join(dir, 'mosques.geojson');
    let env: Record<string, string>;
    let generated: GeneratedOsmFile;
    let geoJson: GeneratedOsmFile;
    let first: OsmImportSummary;
    let firstImportMs: number;
    let server: ServerProcess;

    const cliJson = async <T>(...args: string[]): Promise<T> => {
      const result = await runCli([...args, '--json'], env);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
      return JSON.parse(result.stdout) as T;
    };
    const api = async (key: string, method: string, urlPath: string, body?: unknown) => {
      const response = await fetch(`${server.url}/api/v1${urlPath}`, {
        method,
        headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };

    before(async () => {
      const database: Record<string, string> =
        engine === 'postgres' ? { DATABASE_URL: await (await sharedPostgres()).createDatabase() } : {};
      env = {
        DATABASE_PATH: path.join(dir, 'islamic-data.db'),
        ...database,
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '1000000',
      };
      generated = generateOsmFile({ count: 10_000, format: 'overpass' });
      writeFileSync(overpassFile, JSON.stringify(generated.document));
      const renamed = generateOsmFile({ count: 10_000, format: 'overpass', nameSuffix: ' Renamed' });
      writeFileSync(renamedFile, JSON.stringify(renamed.document));
      geoJson = generateOsmFile({ count: 1_000, format: 'geojson', seed: 11 });
      // Other ids than the Overpass file's: the GeoJSON elements are new mosques.
      for (const feature of (geoJson.document as { features: { id: string; properties: Record<string, string> }[] })
        .features) {
        feature.id = feature.id.replace(/\/1(\d{5})$/, '/9$1');
        feature.properties['@id'] = feature.id;
      }
      geoJson.good = geoJson.good.map((good) => ({ ...good, osm: good.osm.replace(/\/1(\d{5})$/, '/9$1') }));
      writeFileSync(geoJsonFile, JSON.stringify(geoJson.document));
    });
    after(async () => {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('imports 10,000 Overpass elements: nodes, ways and relations by their centre; 5 % broken', async () => {
      const started = Date.now();
      first = await cliJson<OsmImportSummary>('import', 'mosques', '--from', overpassFile);
      firstImportMs = Date.now() - started;
      expect(generated.good).to.have.length(9_500);
      expect(first).to.deep.equal({
        elements: 10_000,
        imported: 9_500,
        updated: 0,
        unchanged: 0,
        skipped: 500,
        skippedByReason: generated.broken,
      });
      const { mosques, audit } = await snapshot(env);
      expect(mosques).to.have.length(9_500);
      const byOsm = new Map(mosques.map((mosque) => [mosque.source!.osm, mosque]));
      for (const kind of ['node', 'way', 'relation'])
        expect(generated.good.filter((good) => good.osm.startsWith(`${kind}/`)).length).to.be.greaterThan(900);
      for (const good of generated.good) {
        const mosque = byOsm.get(good.osm)!;
        expect(mosque, good.osm).to.include({ nameEn: good.nameEn, lat: good.lat, lng: good.lng, country: 'AZ' });
        expect(mosque.source).to.deep.equal({ osm: good.osm, attribution: '© OpenStreetMap contributors, ODbL' });
      }
      expect(audit.filter((entry) => entry.resource === 'mosques/import')).to.have.length(1);
    });

    it('lists every good element by `near` at its coordinates, with its source (server process)', async () => {
      server = await startServerProcess(env);
      const { key } = await cliJson<{ key: string }>(
        'keys',
        'create',
        '--name',
        'Test reader',
        '--scopes',
        'mosques',
        '--permissions',
        'read',
      );
      const queue = [...generated.good];
      const missing: string[] = [];
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let good = queue.pop(); good; good = queue.pop()) {
            const { status, body } = await api(key, 'GET', `/mosques?near=${good.lat},${good.lng},0.05&limit=100`);
            const hit =
              status === 200 && body.data.find((m: { source: { osm: string } | null }) => m.source?.osm === good.osm);
            if (!hit || hit.nameEn !== good.nameEn || hit.distanceKm > 0.001) missing.push(good.osm);
          }
        }),
      );
      expect(missing).to.deep.equal([]);
    });

    it("a key made with --scopes mosque:{slug} sets that mosque's schedule and nothing else", async () => {
      const [a, b] = (await snapshot(env)).mosques;
      const own = await cliJson<{ key: string }>(
        'keys',
        'create',
        '--name',
        'Test own key',
        '--scopes',
        `mosque:${a!.slug}`,
        '--permissions',
        'read,write',
      );
      const put = await api(own.key, 'PUT', `/mosques/${a!.slug}/schedule`, SCHEDULE_1);
      expect(put.status, JSON.stringify(put.body)).to.equal(200);
      expect(
        (await api(own.key, 'GET', `/mosques/${a!.slug}/prayer-times?date=2026-03-27`)).body.data.jumuah,
      ).to.have.length(1);
      for (const [method, urlPath, body] of [
        ['PUT', `/mosques/${b!.slug}/schedule`, SCHEDULE_1],
        ['GET', `/mosques/${b!.slug}`, undefined],
        [
          'POST',
          '/mosques',
          { nameEn: 'Test', addressLine1: 'Test', city: 'Test', country: 'AZ', submitterEmail: 'test@example.org' },
        ],
        ['GET', '/quran/surahs/1/ayahs/1', undefined],
        ['GET', '/hadith/collections', undefined],
      ] as const) {
        const refused = await api(own.key, method, urlPath, body);
        expect(refused.status, urlPath).to.equal(403);
        expect(refused.body.error.code).to.equal('INSUFFICIENT_SCOPE');
      }
    });

    it('audit rollback of a schedule PUT restores the schedule before it, as the running server answers', async () => {
      const [a] = (await snapshot(env)).mosques;
      const writer = await cliJson<{ key: string }>(
        'keys',
        'create',
        '--name',
        'Test schedule writer',
        '--scopes',
        'mosques',
        '--permissions',
        'read,write',
      );
      const before = (await api(writer.key, 'GET', `/mosques/${a!.slug}`)).body.data.schedule;
      expect(before.iqama.isha).to.deep.equal({ at: '20:30' });
      expect((await api(writer.key, 'PUT', `/mosques/${a!.slug}/schedule`, SCHEDULE_2)).status).to.equal(200);
      const changed = await api(writer.key, 'GET', `/mosques/${a!.slug}/prayer-times?date=2026-03-27`);
      expect(changed.body.data.iqama.isha).to.equal(null);
      const [entry] = await cliJson<AuditEntry[]>(
        'audit',
        'list',
        '--resource',
        `mosques/${a!.slug}/schedule`,
        '--limit',
        '1',
      );
      expect(entry!.keyName).to.equal('Test schedule writer');
      await cliJson('audit', 'rollback', String(entry!.id));
      expect((await api(writer.key, 'GET', `/mosques/${a!.slug}`)).body.data.schedule).to.deep.equal(before);
      const restored = await api(writer.key, 'GET', `/mosques/${a!.slug}/prayer-times?date=2026-03-27`);
      expect(restored.body.data.iqama.isha.time).to.equal('20:30');
    });

    it('a second import of the same file changes nothing, and keeps the schedule set through the API', async () => {
      const before = await snapshot(env);
      const second = await cliJson<OsmImportSummary>('import', 'mosques', '--from', overpassFile);
      expect(second).to.deep.equal({ ...first, imported: 0, unchanged: 9_500 });
      expect(await snapshot(env)).to.deep.equal(before);
      expect(before.mosques.filter((mosque) => mosque.schedule !== null)).to.have.length(1);
    });

    it('kill -9 during an import leaves the database as it was', async () => {
      const before = await snapshot(env);
      // Killed halfway through the time a whole import took: inside its one transaction.
      const killed = await importKilledAfter(renamedFile, env, Math.max(200, Math.round(firstImportMs / 3)));
      expect(killed.signal, `exited ${killed.code} before the kill`).to.equal('SIGKILL');
      expect(await snapshot(env)).to.deep.equal(before);
    });

    it('a changed file updates its records in place: no duplicate, same slugs, schedules kept', async () => {
      const before = await snapshot(env);
      const renamed = await cliJson<OsmImportSummary>('import', 'mosques', '--from', renamedFile);
      expect(renamed).to.include({ imported: 0, updated: 9_500, unchanged: 0 });
      const after = await snapshot(env);
      expect(after.mosques.map((m) => m.slug).sort()).to.deep.equal(before.mosques.map((m) => m.slug).sort());
      expect(after.mosques.every((mosque) => mosque.nameEn.endsWith(' Renamed'))).to.equal(true);
      const scheduled = before.mosques.find((mosque) => mosque.schedule !== null)!;
      expect(after.mosques.find((mosque) => mosque.slug === scheduled.slug)!.schedule).to.deep.equal(
        scheduled.schedule,
      );
    });

    it('imports GeoJSON (points and the centres of way polygons) the same way', async () => {
      const summary = await cliJson<OsmImportSummary>('import', 'mosques', '--from', geoJsonFile);
      expect(summary).to.deep.include({ imported: geoJson.good.length, skippedByReason: geoJson.broken });
      const byOsm = new Map((await snapshot(env)).mosques.map((mosque) => [mosque.source?.osm, mosque]));
      for (const good of geoJson.good) {
        const mosque = byOsm.get(good.osm)!;
        expect(mosque.lat, good.osm).to.be.closeTo(good.lat, 1e-9);
        expect(mosque.lng, good.osm).to.be.closeTo(good.lng, 1e-9);
      }
    });

    it('refuses a file that is neither format, or missing, with a clear message and no change', async () => {
      const before = await snapshot(env);
      const notOsm = path.join(dir, 'not-osm.json');
      writeFileSync(notOsm, JSON.stringify({ type: 'Test' }));
      for (const file of [notOsm, path.join(dir, 'missing.json')]) {
        const result = await runCli(['import', 'mosques', '--from', file], env);
        expect(result.code).to.not.equal(0);
        expect(result.stderr).to.match(/Overpass|Cannot read/);
      }
      const badCountry = await runCli(['import', 'mosques', '--from', geoJsonFile, '--country', 'XX'], env);
      expect(badCountry.stderr).to.contain('country');
      expect(await snapshot(env)).to.deep.equal(before);
    });
  });
}
