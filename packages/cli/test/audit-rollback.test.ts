import { hashApiKey, type AuditEntry, type RollbackResult } from '@islamic-data/core';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import {
  SEEDED_COLLECTION as C,
  callApi,
  contentRows,
  seedSyntheticContent,
  type ApiResponse,
} from './content-seed.js';

/** The records the writes below touch, read over HTTP. */
const RECORDS = [
  '/quran/surahs/1/ayahs/1',
  '/quran/surahs/1/ayahs/2',
  '/quran/surahs/2/ayahs/3',
  ...[1, 2, 3].map((n) => `/hadith/collections/${C}/hadiths/${n}`),
];
const OTHER_RECORD = '/quran/surahs/3/ayahs/1';

describe('cli: audit rollback of Quran and Hadith writes made over HTTP (real server and CLI processes)', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-rollback-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'debug', RATE_LIMIT_PER_MINUTE: '100000' };
  const printed: string[] = [];
  const cli = async (...args: string[]) => {
    const result = await runCli(args, env);
    printed.push(result.stdout, result.stderr);
    return result;
  };
  const cliJson = async <T>(...args: string[]): Promise<T> => {
    const result = await cli(...args, '--json');
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
    return JSON.parse(result.stdout) as T;
  };
  let server: ServerProcess;
  let writer: { id: string; key: string };
  let other: { id: string; key: string };
  const api = (key: string, method: string, urlPath: string, body?: unknown) =>
    callApi(server.url, key, method, urlPath, body);
  const read = async (urlPath: string) => {
    const response = await api(writer.key, 'GET', urlPath);
    expect(response.status, urlPath).to.equal(200);
    return response.body;
  };
  const readAll = async () =>
    Object.fromEntries(
      await Promise.all([...RECORDS, OTHER_RECORD].map(async (urlPath) => [urlPath, await read(urlPath)])),
    );
  const expectStatus = (response: ApiResponse, status: number) =>
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
  const auditEntries = (...filters: string[]) => cliJson<AuditEntry[]>('audit', 'list', '--limit', '1000', ...filters);

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH, { hadiths: 5 });
    writer = await cliJson(
      'keys',
      'create',
      '--name',
      'Test writer',
      '--scopes',
      'quran,hadith',
      '--permissions',
      'read,write,delete',
    );
    other = await cliJson(
      'keys',
      'create',
      '--name',
      'Test other editor',
      '--scopes',
      'quran,hadith',
      '--permissions',
      'read,write',
    );
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('every write of a key since a time (--key --since)', () => {
    let since: string;
    let original: Record<string, unknown>;
    let beforeRows: Record<string, unknown[]>;
    let afterWrites: Record<string, unknown>;
    let written: AuditEntry[];

    before(async () => {
      since = new Date().toISOString();
      // Another key's write after `since`: the rollback of the writer's writes must leave it.
      expectStatus(
        await api(other.key, 'PUT', `${OTHER_RECORD}/translations/tr`, { text: 'Test tr 3:1 by another key' }),
        201,
      );
      original = await readAll();
      beforeRows = contentRows(env.DATABASE_PATH);

      const writes: [string, string, unknown, number][] = [
        ['PUT', '/quran/surahs/1/ayahs/1/translations/en', { text: 'Test wrong en 1:1' }, 200],
        ['PUT', '/quran/surahs/1/ayahs/2/translations/tr', { text: 'Test wrong tr 1:2' }, 201],
        ['PUT', '/quran/surahs/1/ayahs/1/translations/en', { text: 'Test wronger en 1:1' }, 200],
        ['DELETE', '/quran/surahs/2/ayahs/3/translations/en', undefined, 204],
        ['PATCH', '/quran/surahs/1/ayahs/1', { tags: ['test-bad'], notes: 'Test bad note', published: false }, 200],
        ['PUT', `/hadith/collections/${C}/hadiths/1/translations/en`, { text: 'Test wrong hadith 1' }, 200],
        ['PUT', `/hadith/collections/${C}/hadiths/2/translations/ru`, { text: 'Test wrong ru hadith 2' }, 201],
        ['DELETE', `/hadith/collections/${C}/hadiths/3/translations/en`, undefined, 204],
        [
          'PATCH',
          `/hadith/collections/${C}/hadiths/1`,
          { narrator: 'Test wrong narrator', grade: 'Test wrong grade', tags: ['test-bad'] },
          200,
        ],
        ['PATCH', `/hadith/collections/${C}/hadiths/2`, { published: false }, 200],
        ['PUT', '/quran/surahs/1/ayahs/2/translations/tr', { text: 'Test wronger tr 1:2' }, 200],
      ];
      for (const [method, urlPath, body, status] of writes)
        expectStatus(await api(writer.key, method, urlPath, body), status);
      afterWrites = await readAll();
      written = await auditEntries('--key', writer.id);
    });

    it('recorded one audit entry per write, and the writes changed every record', () => {
      expect(written).to.have.length(11);
      expect(new Set(written.map((entry) => entry.action))).to.deep.equal(
        new Set(['translation.put', 'translation.delete', 'metadata.patch']),
      );
      for (const urlPath of RECORDS) expect(afterWrites[urlPath], urlPath).not.to.deep.equal(original[urlPath]);
    });

    it("names each entry's target as data in audit list --json, beside the resource derived from it", () => {
      // Newest first: the last write above is the first entry.
      expect(written[0]).to.deep.include({
        target: { type: 'ayah-translation', surah: 1, ayah: 2, locale: 'tr' },
        resource: 'quran/1/2/translations/tr',
      });
      expect(written[1]).to.deep.include({
        target: { type: 'hadith', collection: C, number: '2' },
        resource: `hadith/${C}/2`,
      });
      expect(written[3]).to.deep.include({
        target: { type: 'hadith-translation', collection: C, number: '3', locale: 'en' },
      });
      expect(written[6]).to.deep.include({ target: { type: 'ayah', surah: 1, ayah: 1 }, resource: 'quran/1/1' });
    });

    it('lists the undos with --dry-run and changes nothing', async () => {
      const plan = await cliJson<RollbackResult>(
        'audit',
        'rollback',
        '--key',
        writer.id,
        '--since',
        since,
        '--dry-run',
      );
      expect(plan.dryRun).to.equal(true);
      expect(plan.undone.map((undone) => undone.entry.id)).to.deep.equal(written.map((entry) => entry.id));
      expect(plan.rollbackEntries).to.deep.equal([]);
      const human = await cli('audit', 'rollback', '--key', writer.id, '--since', since, '--dry-run');
      expect(human.code, human.stderr).to.equal(0);
      expect(human.stdout.split('\n').filter((line) => line.startsWith('Would undo #'))).to.have.length(11);
      expect(human.stdout).to.contain('"Test wrong en 1:1"').and.to.contain('published: false');

      expect(await readAll()).to.deep.equal(afterWrites);
      expect(await auditEntries('--action', 'rollback')).to.deep.equal([]);
    });

    it('returns every touched record to its exact prior state, and leaves the other key’s write', async () => {
      const result = await cliJson<RollbackResult>('audit', 'rollback', '--key', writer.id, '--since', since);
      expect(result.dryRun).to.equal(false);
      expect(result.undone).to.have.length(11);
      expect(await readAll()).to.deep.equal(original);
      // Exactly as stored, translation `updatedAt` included; and the other key's tr translation is still there.
      expect(contentRows(env.DATABASE_PATH)).to.deep.equal(beforeRows);
      expect(
        ((await read(OTHER_RECORD)) as { data: { translations: Record<string, string> } }).data.translations.tr,
      ).to.equal('Test tr 3:1 by another key');
    });

    it('audited exactly one rollback per undone write, by the operator, each naming the entry it undid', async () => {
      const rollbacks = await auditEntries('--action', 'rollback');
      expect(rollbacks).to.have.length(written.length);
      expect(rollbacks.map((entry) => entry.revertsEntryId).sort((a, b) => a! - b!)).to.deep.equal(
        written.map((entry) => entry.id).sort((a, b) => a - b),
      );
      for (const rollback of rollbacks) {
        const undone = written.find((entry) => entry.id === rollback.revertsEntryId)!;
        expect(rollback).to.include({ keyId: null, keyName: 'operator', resource: undone.resource });
        // The newest write of a record is undone first: its rollback found the record as that write left it.
        const newestOfRecord = written.find((entry) => entry.resource === undone.resource)!;
        if (newestOfRecord.id === undone.id)
          expect(rollback.before, `rollback of #${undone.id}`).to.deep.equal(undone.after);
      }
      const shown = await cli('audit', 'show', String(rollbacks[0]!.id));
      expect(shown.stdout).to.contain(`reverting #${rollbacks[0]!.revertsEntryId}`);
    });

    it('does nothing when run again: the writes are already undone', async () => {
      const again = await cliJson<RollbackResult>('audit', 'rollback', '--key', writer.id, '--since', since);
      expect(again.undone).to.deep.equal([]);
      expect((await cli('audit', 'rollback', '--key', writer.id, '--since', since)).stdout).to.equal(
        'Nothing to roll back.\n',
      );
      expect(await auditEntries('--action', 'rollback')).to.have.length(written.length);
      expect(await readAll()).to.deep.equal(original);
    });
  });

  describe('one entry (audit rollback ID)', () => {
    it(
      'refuses, exit 1, naming the later entry on stderr and changing nothing, ' +
        'when the record changed since; --force proceeds',
      async () => {
        const record = '/hadith/collections/test-collection/hadiths/4';
        const original = await read(record);
        expectStatus(await api(writer.key, 'PUT', `${record}/translations/en`, { text: 'Test bad hadith 4' }), 200);
        const [bad] = await auditEntries('--key', writer.id, '--limit', '1');
        expectStatus(await api(other.key, 'PATCH', record, { grade: 'Test grade by another key' }), 200);
        expectStatus(await api(other.key, 'PUT', `${record}/translations/en`, { text: 'Test fixed hadith 4' }), 200);
        const [later] = await auditEntries('--key', other.id, '--limit', '1');
        const changed = await read(record);
        const auditBefore = await auditEntries();

        const refused = await cli('audit', 'rollback', String(bad!.id));
        expect(refused.code).to.equal(1);
        expect(refused.stdout).to.equal('');
        expect(refused.stderr).to.match(/^error: /);
        expect(refused.stderr)
          .to.contain(`audit entry ${bad!.id}`)
          .and.to.contain(`entry ${later!.id} (translation.put by Test other editor`);
        expect(refused.stderr).to.contain('--force');
        expect(await read(record)).to.deep.equal(changed);
        expect(await auditEntries()).to.deep.equal(auditBefore);

        const forced = await cliJson<RollbackResult>('audit', 'rollback', String(bad!.id), '--force');
        expect(forced.rollbackEntries).to.have.length(1);
        expect(forced.rollbackEntries[0]).to.include({ revertsEntryId: bad!.id, keyName: 'operator' });
        const now = (await read(record)) as { data: Record<string, unknown> };
        expect(now).to.deep.equal({
          data: {
            ...(changed as { data: object }).data,
            translations: (original as { data: { translations: object } }).data.translations,
          },
        });
      },
    );

    it('rolls back a metadata patch although a translation of the same hadith changed since', async () => {
      const record = '/hadith/collections/test-collection/hadiths/5';
      const original = (await read(record)) as { data: Record<string, unknown> };
      expectStatus(await api(writer.key, 'PATCH', record, { tags: ['test-bad'], notes: 'Test bad note' }), 200);
      const [patch] = await auditEntries('--key', writer.id, '--limit', '1');
      expectStatus(await api(other.key, 'PUT', `${record}/translations/tr`, { text: 'Test tr hadith 5' }), 201);
      const result = await cli('audit', 'rollback', String(patch!.id));
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.match(
        new RegExp(`^Undid #${patch!.id} .* metadata\\.patch hadith/test-collection/5 by Test writer`),
      );
      expect(await read(record)).to.deep.equal({
        data: { ...original.data, translations: { ...(original.data.translations as object), tr: 'Test tr hadith 5' } },
      });
    });

    it('refuses --dry-run with an id, and an unknown entry, with exit 1', async () => {
      for (const args of [
        ['audit', 'rollback', '1', '--dry-run'],
        ['audit', 'rollback', '999999'],
        ['audit', 'rollback', '--key', writer.id],
      ]) {
        const result = await cli(...args);
        expect(result.code, args.join(' ')).to.equal(1);
        expect(result.stderr, args.join(' ')).to.match(/^error: /);
      }
    });
  });

  describe('keys never leak', () => {
    it('rotates the writer key; the new key works, and is printed once', async () => {
      const rotated = await cliJson<{ id: string; key: string }>('keys', 'rotate', writer.id);
      expect((await api(writer.key, 'GET', OTHER_RECORD)).status).to.equal(401);
      writer = { id: rotated.id, key: rotated.key };
      expect(
        (await api(writer.key, 'PUT', `${OTHER_RECORD}/translations/az`, { text: 'Test az 3:1' })).status,
      ).to.equal(201);
    });

    it(
      'shows neither a key nor its SHA-256 in keys list, audit list, ' +
        'audit show of the key entries, or the server log at debug level',
      async () => {
        const secrets = printed.flatMap((output) =>
          [...output.matchAll(/idk_[0-9A-Za-z]{32}/g)].map((match) => match[0]),
        );
        expect(new Set(secrets).size).to.equal(3);
        const outputs: string[] = [];
        for (const args of [
          ['keys', 'list'],
          ['keys', 'list', '--json'],
          ['audit', 'list', '--limit', '1000'],
          ['audit', 'list', '--limit', '1000', '--json'],
        ]) {
          outputs.push((await cli(...args)).stdout);
        }
        // audit list --json holds every entry whole; audit show of the key entries shows their diffs too.
        const keyEntries = await auditEntries('--resource', 'keys/');
        expect(keyEntries.map((entry) => entry.action).sort()).to.deep.equal([
          'keys.create',
          'keys.create',
          'keys.rotate',
        ]);
        for (const entry of keyEntries) {
          outputs.push(
            (await cli('audit', 'show', String(entry.id))).stdout,
            (await cli('audit', 'show', String(entry.id), '--json')).stdout,
          );
        }
        await server.logsWritten();
        outputs.push(server.output());
        for (const secret of secrets) {
          for (const output of outputs) {
            expect(output).not.to.contain(secret);
            expect(output).not.to.contain(hashApiKey(secret));
          }
        }
        expect(server.output()).to.contain('"msg":"request"');
        expect(server.output()).not.to.contain('idk_');

        const listed = await cliJson<Record<string, unknown>[]>('keys', 'list');
        for (const summary of listed) {
          expect(Object.keys(summary)).not.to.include.members(['key', 'hash', 'keyHash']);
          for (const value of Object.values(summary)) expect(String(value)).not.to.match(/^idk_|^[0-9a-f]{64}$/);
        }
      },
    );

    it('printed a key only in the one-time output of keys create and keys rotate', () => {
      const withKey = printed.filter((output) => output.includes('idk_'));
      expect(withKey).to.have.length(3);
      expect(
        withKey.every((output) => /^\{\n {2}"id": "key_/.test(output) && output.includes('"key": "idk_')),
      ).to.equal(true);
    });
  });
});
