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
  });
}
