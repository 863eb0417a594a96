import type { AuditEntry, RollbackResult } from '@islamic-data/core';
import { SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { callApi } from './content-seed.js';

interface HadithBody {
  data: { number: string; sequence: number; grade: string | null; translations: Record<string, string> };
}

describe(
  'cli: writes addressed by standard numbers, audited and rolled back ' + '(real server and CLI processes)',
  function () {
    this.timeout(180_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-hadith-numbers-'));
    const env = {
      DATABASE_PATH: path.join(dir, 'islamic-data.db'),
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    const cliJson = async <T>(...args: string[]): Promise<T> => {
      const result = await runCli([...args, '--json'], env);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
      return JSON.parse(result.stdout) as T;
    };
    let server: ServerProcess;
    let writer: { id: string; key: string };
    const api = (method: string, urlPath: string, body?: unknown) =>
      callApi(server.url, writer.key, method, `/hadith/collections${urlPath}`, body);
    const hadith = async (urlPath: string) => {
      const response = await api('GET', urlPath);
      expect(response.status, urlPath).to.equal(200);
      return (response.body as HadithBody).data;
    };

    before(async () => {
      await cliJson('import', 'hadith', '--from', SHARED_DATA_DIR, '--collections', 'muslim,abudawud');
      writer = await cliJson(
        'keys',
        'create',
        '--name',
        'Test writer',
        '--scopes',
        'hadith',
        '--permissions',
        'read,write,delete',
      );
      server = await startServerProcess(env);
    });
    after(async () => {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('rolls back a PUT translation on muslim/hadiths/8a, whichever spelling the write used', async () => {
      const before = await hadith('/muslim/hadiths/8a');
      expect(before.translations).not.to.have.property('ru');
      const put = await api('PUT', '/muslim/hadiths/8A/translations/ru', { text: 'Test перевод 8a' });
      expect(put.status, JSON.stringify(put.body)).to.equal(201);
      expect((await hadith('/muslim/hadiths/8')).translations).to.include({ ru: 'Test перевод 8a' });
      const [entry] = await cliJson<AuditEntry[]>('audit', 'list', '--action', 'translation.put');
      expect(entry).to.deep.include({
        resource: 'hadith/muslim/8a/translations/ru',
        target: { type: 'hadith-translation', collection: 'muslim', number: '8a', locale: 'ru' },
      });
      const result = await cliJson<RollbackResult>('audit', 'rollback', String(entry!.id));
      expect(result.rollbackEntries).to.have.length(1);
      expect(await hadith('/muslim/hadiths/8a')).to.deep.equal(before);
    });

    it('rolls back a PATCHed grade written through a single number of a record', async () => {
      const before = await hadith('/muslim/hadiths/8');
      const patched = await api('PATCH', '/muslim/hadiths/8', { grade: 'Test grade (Test)' });
      expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
      const [entry] = await cliJson<AuditEntry[]>('audit', 'list', '--action', 'metadata.patch');
      expect(entry!.resource).to.equal('hadith/muslim/8a');
      await cliJson<RollbackResult>('audit', 'rollback', String(entry!.id));
      expect((await hadith('/muslim/hadiths/8a')).grade).to.equal(before.grade);
    });

    it(
      'keeps a PATCHed grade when a re-import rewrites the hadith, and takes the source grade where none ' + 'was set',
      async () => {
        const edited = await hadith('/abudawud/hadiths/52');
        const untouched = await hadith('/abudawud/hadiths/53');
        expect(edited.grade).to.be.a('string');
        const patched = await api('PATCH', '/abudawud/hadiths/52', { grade: 'Test grade (Test)' });
        expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
        await server.stop();
        // As if both source records had changed since the last import, which gave 53 another grade: the next import
        // rewrites both.
        const db = new BetterSqlite3(env.DATABASE_PATH);
        db.prepare(
          "update hadiths set source_hash = 'test-stale', grade = 'Test old grade (Test)', imported_grade = " +
            "'Test old grade (Test)' where collection = 'abudawud' and sequence = ?",
        ).run(untouched.sequence);
        db.prepare("update hadiths set source_hash = 'test-stale' where collection = 'abudawud' and sequence = ?").run(
          edited.sequence,
        );
        db.close();
        const [summary] = await cliJson<{ updated: number }[]>(
          'import',
          'hadith',
          '--from',
          SHARED_DATA_DIR,
          '--collections',
          'abudawud',
        );
        expect(summary!.updated).to.equal(2);
        server = await startServerProcess(env);
        expect((await hadith('/abudawud/hadiths/52')).grade).to.equal('Test grade (Test)');
        // A grade only an import wrote is not an edit through the API: it becomes the source's new grade.
        expect((await hadith('/abudawud/hadiths/53')).grade).to.equal(untouched.grade);
      },
    );
  },
);
