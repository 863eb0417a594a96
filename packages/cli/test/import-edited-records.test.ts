import type { HadithImportSummary, RollbackResult } from '@islamic-data/core';
import { SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { callApi, contentRows } from './content-seed.js';

const COLLECTION_PATH = 'db/by_chapter/forties/nawawi40/all.json';

interface HadithJsonFile {
  hadiths: { id: number; english: { narrator: string; text: string } }[];
}

/**
 * Issue 26, point 6: a re-import from a local HTTP mirror serving a modified copy of a slice of
 * ../shared/data (made at test time in a temporary folder) changes one hadith an editor translated
 * and removes one an editor annotated; real CLI and server processes over a real SQLite file.
 */
describe('cli: a re-import over records edited through the API (real CLI, server and HTTP mirror)', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-reimport-'));
  const mirrorDir = path.join(dir, 'mirror');
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000' };
  const original = readFileSync(path.join(SHARED_DATA_DIR, 'hadith-json', COLLECTION_PATH), 'utf8');
  const serveCopy = (json: string) => {
    mkdirSync(path.dirname(path.join(mirrorDir, COLLECTION_PATH)), { recursive: true });
    writeFileSync(path.join(mirrorDir, COLLECTION_PATH), json);
  };
  let mirror: Server;
  let mirrorUrl = '';
  let server: ServerProcess;
  let editor = '';
  const api = (method: string, urlPath: string, body?: unknown) => callApi(server.url, editor, method, urlPath, body);
  const importHadith = async (...extra: string[]) => {
    const result = await runCli(
      ['import', 'hadith', '--from', mirrorUrl, '--collections', 'nawawi40', '--json', ...extra],
      env,
    );
    expect(result.code, result.stderr).to.equal(0);
    return JSON.parse(result.stdout) as HadithImportSummary[];
  };

  before(async () => {
    serveCopy(original);
    mirror = createServer(async (req, res) => {
      const file = path.join(mirrorDir, decodeURIComponent(new URL(req.url!, 'http://x').pathname));
      const bytes = file.startsWith(mirrorDir) ? await readFile(file).catch(() => undefined) : undefined;
      if (!bytes) return void res.writeHead(404).end('404: Not Found');
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(bytes);
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
    await importHadith();
    editor = (await createKeyWithCli(env, { name: 'Test editor', scopes: 'hadith', permissions: 'read,write' })).key;
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    await new Promise((resolve) => mirror?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the edited records with --dry-run, writes them back on audit rollback of the import', async () => {
    const put = await api('PUT', '/hadith/collections/nawawi40/hadiths/2/translations/en', {
      text: "Test editor's English of hadith 2",
    });
    expect(put.status, JSON.stringify(put.body)).to.equal(200);
    const patch = await api('PATCH', '/hadith/collections/nawawi40/hadiths/42', {
      notes: 'Test editor note on 42',
      tags: ['test-tag'],
    });
    expect(patch.status, JSON.stringify(patch.body)).to.equal(200);
    const edited2 = (await api('GET', '/hadith/collections/nawawi40/hadiths/2')).body;
    const edited42 = (await api('GET', '/hadith/collections/nawawi40/hadiths/42')).body;

    // The source changes hadith 2's English and ends at 41: hadith 42 is removed.
    const modified = JSON.parse(original) as HadithJsonFile;
    modified.hadiths[1]!.english.text = 'Test changed source English of hadith 2';
    modified.hadiths = modified.hadiths.slice(0, 41);
    serveCopy(JSON.stringify(modified));

    const rows = contentRows(env.DATABASE_PATH);
    const [dry] = await importHadith('--dry-run');
    expect(dry).to.deep.include({ dryRun: true, auditEntryId: null, removed: 1 });
    expect(dry!.editedRecords).to.deep.equal([
      { number: '2', sequence: 2, change: 'changed' },
      { number: '42', sequence: 42, change: 'removed' },
    ]);
    expect(contentRows(env.DATABASE_PATH)).to.deep.equal(rows);
    const human = await runCli(
      ['import', 'hadith', '--from', mirrorUrl, '--collections', 'nawawi40', '--dry-run'],
      env,
    );
    expect(human.stdout).to.include('Dry run').and.include('hadith/nawawi40/2 changed');
    expect(human.stdout).to.include('hadith/nawawi40/42 removed');

    const [real] = await importHadith();
    expect(real!.editedRecords).to.have.length(2);
    expect(real!.auditEntryId).to.be.a('number');
    const overwritten = await api('GET', '/hadith/collections/nawawi40/hadiths/2');
    expect((overwritten.body as { data: { translations: { en: string } } }).data.translations.en).to.equal(
      'Test changed source English of hadith 2',
    );
    expect((await api('GET', '/hadith/collections/nawawi40/hadiths/42')).status).to.equal(404);

    const rollback = await runCli(['audit', 'rollback', String(real!.auditEntryId), '--json'], env);
    expect(rollback.code, rollback.stderr).to.equal(0);
    expect((JSON.parse(rollback.stdout) as RollbackResult).rollbackEntries).to.have.length(1);
    expect((await api('GET', '/hadith/collections/nawawi40/hadiths/2')).body).to.deep.equal(edited2);
    expect((await api('GET', '/hadith/collections/nawawi40/hadiths/42')).body).to.deep.equal(edited42);
  });

  it('refuses to roll back an import that touched no edited record, changing nothing', async () => {
    const modified = JSON.parse(original) as HadithJsonFile;
    modified.hadiths[4]!.english.text = 'Test changed source English of hadith 5';
    serveCopy(JSON.stringify(modified));
    const [summary] = await importHadith();
    // Hadith 2 (edited) goes back to the source's text; hadith 5 (never edited) changes.
    expect(summary!.editedRecords).to.deep.equal([{ number: '2', sequence: 2, change: 'changed' }]);
    serveCopy(original);
    const [untouched] = await importHadith();
    expect(untouched).to.deep.include({ updated: 1, editedRecords: [] });
    const rows = contentRows(env.DATABASE_PATH);
    const refused = await runCli(['audit', 'rollback', String(untouched!.auditEntryId)], env);
    expect(refused.code).to.not.equal(0);
    expect(refused.stderr).to.include('nothing to restore');
    expect(contentRows(env.DATABASE_PATH)).to.deep.equal(rows);
  });
});
