import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { SEEDED_COLLECTION as C, callApi, seedSyntheticContent } from './content-seed.js';

const HADITHS = 3_000;
/**
 * Long synthetic Arabic texts make the file big (thousands of pages), so a backup copied in small
 * steps would keep restarting.
 */
const LONG_TEXT = (number: number) => `Test hadith ${number} (Arabic) `.repeat(150);
const LOCALES = ['tr', 'az', 'ru', 'de', 'fr', 'id'];
const WORKERS = 8;

interface Acknowledged {
  number: number;
  locale: string;
  text: string;
  at: number;
}

describe('cli: db backup while a running server takes many concurrent writes', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-backup-load-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000000' };
  const backupFile = path.join(dir, 'backups', 'under-load.db');
  let server: ServerProcess;
  let writer: { id: string; key: string };

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH, { hadiths: HADITHS, textAr: LONG_TEXT });
    writer = await createKeyWithCli(env, { name: 'Test load writer', scopes: 'hadith', permissions: 'read,write' });
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'gives a copy that opens cleanly, passes integrity_check, is transactionally consistent and holds ' +
      'every write acknowledged before it started',
    async () => {
      // Each write creates a translation no other write touches, so each acknowledged one must be found as written.
      const acknowledged: Acknowledged[] = [];
      const failures: string[] = [];
      let next = 0;
      let stop = false;
      const worker = async () => {
        while (!stop && next < HADITHS * LOCALES.length) {
          const i = next++;
          const write = {
            number: (i % HADITHS) + 1,
            locale: LOCALES[Math.floor(i / HADITHS)]!,
            text: `Test load ${i}`,
          };
          const response = await callApi(
            server.url,
            writer.key,
            'PUT',
            `/hadith/collections/${C}/hadiths/${write.number}/translations/${write.locale}`,
            { text: write.text },
          );
          if (response.status === 201) acknowledged.push({ ...write, at: Date.now() });
          else failures.push(`${response.status} ${JSON.stringify(response.body)}`);
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, worker));
      while (acknowledged.length < 200 && failures.length === 0)
        await new Promise((resolve) => setTimeout(resolve, 20));

      const backupStarted = Date.now();
      const backup = await runCli(['db', 'backup', backupFile, '--json'], env);
      const backupEnded = Date.now();
      stop = true;
      await load;

      expect(failures).to.deep.equal([]);
      expect(backup.code, backup.stderr).to.equal(0);
      expect(JSON.parse(backup.stdout)).to.include({ file: backupFile, integrity: 'ok' });
      const duringBackup = acknowledged.filter((write) => write.at > backupStarted && write.at < backupEnded).length;
      expect(duringBackup, 'writes acknowledged while the backup ran').to.be.greaterThan(20);

      const copy = new BetterSqlite3(backupFile, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).to.equal('ok');
        expect(copy.pragma('foreign_key_check')).to.deep.equal([]);
        expect(statSync(backupFile).size).to.be.greaterThan(2_000 * 4096);
        const stored = new Map(
          (
            copy
              .prepare(
                'select sequence as number, locale, text from hadith_translations where collection = ? and ' +
                  "text like 'Test load %'",
              )
              .all(C) as Acknowledged[]
          ).map((row) => [`${row.number}/${row.locale}`, row.text]),
        );
        const beforeBackup = acknowledged.filter((write) => write.at < backupStarted);
        expect(beforeBackup.length).to.be.greaterThan(100);
        const missing = beforeBackup.filter((write) => stored.get(`${write.number}/${write.locale}`) !== write.text);
        expect(missing, 'acknowledged before the backup started, missing from it').to.deep.equal([]);
        // One transaction per write: the copy holds each translation exactly with its audit entry, never one without
        // the other.
        const audited = copy
          .prepare("select count(*) as n from audit_log where key_id = ? and action = 'translation.put'")
          .get(writer.id) as { n: number };
        expect(audited.n).to.equal(stored.size);
        expect(stored.size).to.be.at.most(acknowledged.length);
      } finally {
        copy.close();
      }

      // The copy opens as a database of its own (the CLI migrates and checks it), and the live file is still sound.
      const checkCopy = await runCli(['db', 'check', '--json'], { ...env, DATABASE_PATH: backupFile });
      expect(checkCopy.code, checkCopy.stderr).to.equal(0);
      expect(JSON.parse(checkCopy.stdout)).to.deep.equal({ integrity: 'ok' });
      const checkLive = await runCli(['db', 'check', '--json'], env);
      expect(JSON.parse(checkLive.stdout)).to.deep.equal({ integrity: 'ok' });
    },
  );
});
