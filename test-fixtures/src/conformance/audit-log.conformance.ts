import { auditResource, type AuditLog, type AuditTarget } from '@islamic-data/core';
import { expect } from 'chai';
import { anAuditEntry } from '../builders.js';

export function auditLogConformance(name: string, makeLog: () => Promise<AuditLog>): void {
  describe(`AuditLog conformance: ${name}`, () => {
    let log: AuditLog;
    beforeEach(async () => {
      log = await makeLog();
    });

    it('appends an entry with an id and gives back exactly what was written', async () => {
      const entry = anAuditEntry({ before: { text: 'Test before', tags: ['a'] }, after: null });
      const stored = await log.append(entry);
      expect(stored.id).to.be.a('number');
      expect(stored).to.deep.equal({
        id: stored.id,
        ...entry,
        resource: auditResource(entry.target),
        revertsEntryId: null,
      });
      expect(await log.get(stored.id)).to.deep.equal(stored);
    });

    it('gives back every kind of target exactly, with its resource derived from it', async () => {
      const targets: [AuditTarget, string][] = [
        [{ type: 'ayah', surah: 2, ayah: 255 }, 'quran/2/255'],
        [{ type: 'ayah-translation', surah: 2, ayah: 255, locale: 'de-at' }, 'quran/2/255/translations/de-at'],
        [{ type: 'quran-edition', lang: 'az' }, 'quran/editions/az'],
        [{ type: 'hadith', collection: 'test-collection', number: 7 }, 'hadith/test-collection/7'],
        [
          { type: 'hadith-translation', collection: 'test-collection', number: 7, locale: 'ru' },
          'hadith/test-collection/7/translations/ru',
        ],
        [{ type: 'hadith-collection', collection: 'test-collection' }, 'hadith/test-collection'],
        [{ type: 'mosque', slug: 'test-mosque-test-city' }, 'mosques/test-mosque-test-city'],
        [{ type: 'api-key', id: 'key_TEST00000001' }, 'keys/key_TEST00000001'],
      ];
      for (const [target, resource] of targets) {
        const stored = await log.append(anAuditEntry({ target }));
        expect(stored).to.deep.include({ target, resource });
        expect(await log.get(stored.id), resource).to.deep.include({ target, resource });
        expect((await log.list({ resourcePrefix: resource, limit: 1 }))[0], resource).to.deep.include({
          id: stored.id,
          target,
        });
      }
    });

    it('keeps the id of the entry a rollback undid', async () => {
      const undone = await log.append(anAuditEntry());
      const rollback = await log.append(anAuditEntry({ action: 'rollback', revertsEntryId: undone.id }));
      expect((await log.get(rollback.id))?.revertsEntryId).to.equal(undone.id);
    });

    it('gives increasing ids', async () => {
      const first = await log.append(anAuditEntry());
      const second = await log.append(anAuditEntry());
      expect(second.id).to.be.greaterThan(first.id);
    });

    it('finds nothing for an unknown id', async () => {
      expect(await log.get(999_999)).to.equal(undefined);
    });

    it('lists newest first, filtered by key, resource prefix, action and time, with a limit', async () => {
      const a = await log.append(
        anAuditEntry({ at: '2026-01-01T00:00:00.000Z', keyId: 'key_A', target: { type: 'ayah', surah: 1, ayah: 1 } }),
      );
      const b = await log.append(
        anAuditEntry({
          at: '2026-01-02T00:00:00.000Z',
          keyId: 'key_B',
          target: { type: 'ayah', surah: 2, ayah: 1 },
          action: 'other',
        }),
      );
      const c = await log.append(
        anAuditEntry({
          at: '2026-01-03T00:00:00.000Z',
          keyId: 'key_A',
          target: { type: 'hadith', collection: 'test-collection', number: 1 },
        }),
      );
      const ids = async (filter: Parameters<AuditLog['list']>[0]) => (await log.list(filter)).map((entry) => entry.id);

      expect(await ids({})).to.deep.equal([c.id, b.id, a.id]);
      expect(await ids({ keyId: 'key_A' })).to.deep.equal([c.id, a.id]);
      expect(await ids({ resourcePrefix: 'quran/' })).to.deep.equal([b.id, a.id]);
      expect(await ids({ action: 'other' })).to.deep.equal([b.id]);
      expect(await ids({ since: '2026-01-02T00:00:00.000Z' })).to.deep.equal([c.id, b.id]);
      expect(await ids({ until: '2026-01-02T00:00:00.000Z' })).to.deep.equal([b.id, a.id]);
      expect(await ids({ limit: 1 })).to.deep.equal([c.id]);
    });

    it('gives the distinct locales a key created translations in since a time (issue 26)', async () => {
      const put = (keyId: string, at: string, locale: string, before: unknown) =>
        log.append(
          anAuditEntry({
            at,
            keyId,
            action: 'translation.put',
            target: { type: 'ayah-translation', surah: 1, ayah: 1, locale },
            before,
            after: { locale, text: 'Test', updatedAt: at },
          }),
        );
      await put('key_A', '2026-01-01T23:59:59.000Z', 'fr', null);
      await put('key_A', '2026-01-02T00:00:00.000Z', 'de', null);
      await put('key_A', '2026-01-02T01:00:00.000Z', 'de', null);
      await put('key_A', '2026-01-02T02:00:00.000Z', 'en', { locale: 'en', text: 'Old', updatedAt: 'x' });
      await put('key_B', '2026-01-02T02:00:00.000Z', 'tr', null);
      await log.append(anAuditEntry({ at: '2026-01-02T03:00:00.000Z', keyId: 'key_A', action: 'translation.delete' }));
      expect(await log.localesCreatedBy('key_A', '2026-01-02T00:00:00.000Z')).to.deep.equal(['de']);
      expect((await log.localesCreatedBy('key_A', '2026-01-01T00:00:00.000Z')).sort()).to.deep.equal(['de', 'fr']);
      expect(await log.localesCreatedBy('key_C', '2026-01-01T00:00:00.000Z')).to.deep.equal([]);
    });

    it('prunes entries before a date but keeps the newest of each record unless forced (issue 26)', async () => {
      const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
      const ayah1 = { type: 'ayah', surah: 1, ayah: 1 } as const;
      const ayah2 = { type: 'ayah', surah: 1, ayah: 2 } as const;
      const old1 = await log.append(anAuditEntry({ at: at(1), target: ayah1 }));
      const newestOf1 = await log.append(anAuditEntry({ at: at(2), target: ayah1 }));
      const old2 = await log.append(anAuditEntry({ at: at(1), target: ayah2 }));
      const recent2 = await log.append(anAuditEntry({ at: at(5), target: ayah2 }));
      const ids = async () => (await log.list()).map((entry) => entry.id).sort((a, b) => a - b);

      expect(await log.prune(at(3))).to.deep.equal({ deleted: 2, kept: 1 });
      expect(await ids()).to.deep.equal([newestOf1.id, recent2.id]);
      expect(await log.get(old1.id)).to.equal(undefined);
      expect(await log.get(old2.id)).to.equal(undefined);
      expect(await log.prune(at(3))).to.deep.equal({ deleted: 0, kept: 1 });
      expect(await log.prune(at(3), { force: true })).to.deep.equal({ deleted: 1, kept: 0 });
      expect(await ids()).to.deep.equal([recent2.id]);
      const next = await log.append(anAuditEntry({ at: at(6) }));
      expect(next.id).to.be.greaterThan(recent2.id);

      const undone = await log.append(anAuditEntry({ at: at(7), target: ayah1 }));
      const rollback = await log.append(anAuditEntry({ at: at(7), action: 'rollback', revertsEntryId: undone.id }));
      const rollbackOfRollback = await log.append(
        anAuditEntry({ at: at(9), action: 'rollback', revertsEntryId: rollback.id }),
      );
      expect(await log.prune(at(8), { force: true })).to.deep.equal({ deleted: 2, kept: 2 });
      expect(await ids()).to.deep.equal([undone.id, rollback.id, rollbackOfRollback.id]);
      expect(await log.prune(at(10), { force: true })).to.deep.equal({ deleted: 3, kept: 0 });
    });
  });
}
