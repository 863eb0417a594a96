import { SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI_MAIN, createKeyWithCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { SEEDED_COLLECTION as C, callApi, readDatabase, seedSyntheticContent } from './content-seed.js';

const HADITHS = 200;
const hadithPath = (number: number) => `/hadith/collections/${C}/hadiths/${number}`;

const createWriter = (env: Record<string, string>, name: string) =>
  createKeyWithCli(env, { name, scopes: 'hadith', permissions: 'read,write' });

const integrity = (file: string) => readDatabase(file, (db) => db.pragma('integrity_check', { simple: true }));
const translationsLike = (file: string, prefix: string) =>
  new Map(
    readDatabase(
      file,
      (db) =>
        db
          .prepare('select sequence, locale, text from hadith_translations where collection = ? and text like ?')
          .all(C, `${prefix}%`) as { sequence: number; locale: string; text: string }[],
    ).map((row) => [`${row.sequence}/${row.locale}`, row.text]),
  );
const auditCount = (file: string, keyId: string, action: string) =>
  readDatabase(
    file,
    (db) =>
      (
        db.prepare('select count(*) as n from audit_log where key_id = ? and action = ?').get(keyId, action) as {
          n: number;
        }
      ).n,
  );

describe('cli: crashes and concurrency against a real server process', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-crash-'));
  const env = {
    DATABASE_PATH: path.join(dir, 'islamic-data.db'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '1000000',
    // A write waits (without blocking the server) while an import holds the file, rather than answer 503 on a
    // slow machine: the refusal after WRITE_WAIT_MS is write-lock.test.ts's subject.
    WRITE_WAIT_MS: '60000',
  };
  let writer: { id: string; key: string };
  let server: ServerProcess | undefined;

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH, { hadiths: HADITHS });
    writer = await createWriter(env, 'Test crash writer');
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before four kill -9s mid-stream; the file passes integrity_check', async () => {
    const acknowledged = new Map<string, string>();
    const LOCALES = ['tr', 'az', 'ru', 'de', 'fr', 'id', 'ur', 'bn'];
    for (let round = 0; round < 4; round++) {
      // Each round restarts on the file the last kill left (its <database>.server-pid names a dead server).
      const running = await startServerProcess(env);
      let next = 0;
      let killed = false;
      const worker = async () => {
        while (!killed) {
          const i = next++;
          const number = (i % HADITHS) + 1;
          const locale = LOCALES[(round * 2 + Math.floor(i / HADITHS)) % LOCALES.length]!;
          const text = `Test crash ${round}-${i}`;
          const response = await callApi(
            running.url,
            writer.key,
            'PUT',
            `${hadithPath(number)}/translations/${locale}`,
            {
              text,
            },
          ).catch(() => undefined);
          if (!response) return;
          expect(response.status, JSON.stringify(response.body)).to.be.oneOf([200, 201]);
          acknowledged.set(`${number}/${locale}`, text);
        }
      };
      const workers = Promise.all(Array.from({ length: 6 }, worker));
      // Each round is killed once 60 more writes are acknowledged, with the workers' next writes in flight.
      const before = acknowledged.size;
      while (acknowledged.size < before + 60) await new Promise((resolve) => setTimeout(resolve, 5));
      running.child.kill('SIGKILL');
      killed = true;
      await workers;
      if (running.child.exitCode === null && running.child.signalCode === null) {
        await new Promise((resolve) => running.child.once('exit', resolve));
      }
    }
    expect(integrity(env.DATABASE_PATH)).to.equal('ok');
    const stored = translationsLike(env.DATABASE_PATH, 'Test crash ');
    const lost = [...acknowledged].filter(([place, text]) => stored.get(place) !== text);
    expect(lost, 'acknowledged writes missing after kill -9').to.deep.equal([]);
    // A write and its audit entry commit together: never one without the other.
    expect(auditCount(env.DATABASE_PATH, writer.id, 'translation.put')).to.equal(stored.size);
  });

  describe('after the crashes, one server', () => {
    before(async () => (server = await startServerProcess(env)));

    it('audits exactly 200 concurrent writes: 100 PUTs on distinct hadiths and 100 PATCHes of one hadith', async () => {
      const concurrent = await createWriter(env, 'Test concurrent writer');
      const puts = Array.from({ length: 100 }, (_, i) =>
        callApi(server!.url, concurrent.key, 'PUT', `${hadithPath(i + 1)}/translations/sv`, { text: `Test put ${i}` }),
      );
      const patches = Array.from({ length: 100 }, (_, i) =>
        callApi(server!.url, concurrent.key, 'PATCH', hadithPath(7), { notes: `Test note ${i}` }),
      );
      const responses = await Promise.all([...puts, ...patches]);
      expect(responses.map((response) => response.status)).to.deep.equal([
        ...Array<number>(100).fill(201),
        ...Array<number>(100).fill(200),
      ]);
      const entries = readDatabase(
        env.DATABASE_PATH,
        (db) =>
          db
            .prepare('select action, before_json, after_json from audit_log where key_id = ? order by id')
            .all(concurrent.id) as { action: string; before_json: string; after_json: string }[],
      );
      expect(entries).to.have.length(200);
      expect(entries.filter((entry) => entry.action === 'translation.put')).to.have.length(100);
      // The patches of one hadith were serialized: each entry's before is the previous one's after.
      const patchEntries = entries.filter((entry) => entry.action !== 'translation.put');
      expect(patchEntries).to.have.length(100);
      for (let i = 1; i < patchEntries.length; i++) {
        expect(JSON.parse(patchEntries[i]!.before_json).notes).to.equal(
          JSON.parse(patchEntries[i - 1]!.after_json).notes,
        );
      }
      const final = await callApi(server!.url, concurrent.key, 'GET', hadithPath(7));
      expect((final.body as { data: { notes: string } }).data.notes).to.equal(
        JSON.parse(patchEntries.at(-1)!.after_json).notes,
      );
    });

    it('keeps answering reads and writes while the CLI imports hadith collections into the same file', async () => {
      const importer = spawn(
        process.execPath,
        [CLI_MAIN, 'import', 'hadith', '--from', SHARED_DATA_DIR, '--collections', 'malik,nawawi40', '--json'],
        { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      importer.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => importer.once('exit', resolve));
      let importing = true;
      void exited.then(() => (importing = false));
      const statuses: number[] = [];
      let i = 0;
      while (importing || i < 20) {
        const number = (i % HADITHS) + 1;
        const read = await callApi(server!.url, writer.key, 'GET', hadithPath(number));
        const write = await callApi(server!.url, writer.key, 'PUT', `${hadithPath(number)}/translations/it`, {
          text: `Test during import ${i}`,
        });
        statuses.push(read.status, write.status);
        i++;
      }
      expect(await exited, stderr).to.equal(0);
      expect(statuses.filter((status) => status >= 300)).to.deep.equal([]);
      expect(statuses.length).to.be.greaterThan(40);
      const malik = await callApi(server!.url, writer.key, 'GET', '/hadith/collections/malik');
      expect(malik.status).to.equal(200);
      await server!.stop();
      server = undefined;
      expect(integrity(env.DATABASE_PATH)).to.equal('ok');
      expect(translationsLike(env.DATABASE_PATH, 'Test during import ').size).to.equal(Math.min(i, HADITHS));
    });
  });
});
