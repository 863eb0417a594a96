import {
  actorOfKey,
  contentRestorers,
  importHadithCollection,
  ManualClock,
  patchHadithMetadata,
  putHadithTranslation,
  rollbackEntry,
  type UnitOfWork,
} from '@islamic-data/core';
import { expect } from 'chai';
import { aHadithSource } from './hadith-builders.js';

const EDITOR = actorOfKey({ id: 'key_TEST00000001', name: 'Test editor' });
const SLUG = 'test-collection';

/**
 * Issue 26, point 6, on every engine: a re-import that changes one hadith an editor translated and removes
 * one an editor annotated keeps their snapshots, and rolling the import back puts both back exactly.
 */
export function hadithImportRollbackConformance(name: string, makeUnitOfWork: () => Promise<UnitOfWork>): void {
  describe(`Hadith import rollback over edited records: ${name}`, () => {
    it('restores a translation the import overwrote and a hadith it removed, with their metadata', async () => {
      const unitOfWork = await makeUnitOfWork();
      const clock = new ManualClock('2026-03-01T00:00:00.000Z');
      const deps = { unitOfWork, clock };
      await importHadithCollection(deps, aHadithSource(6));
      clock.advance(60_000);
      await putHadithTranslation(deps, { collection: SLUG, number: '2', locale: 'en', text: 'Test edited 2' }, EDITOR);
      await putHadithTranslation(deps, { collection: SLUG, number: '6', locale: 'tr', text: 'Test tr 6' }, EDITOR);
      await patchHadithMetadata(
        deps,
        { collection: SLUG, number: '6', patch: { notes: 'Test note 6', tags: ['test-tag'], published: false } },
        EDITOR,
      );
      const read = () =>
        unitOfWork.run(async (stores) => ({
          two: await stores.hadith.getHadith(SLUG, 2),
          twoEn: await stores.hadith.getTranslation(SLUG, 2, 'en'),
          six: await stores.hadith.getHadith(SLUG, 6),
          sixTr: await stores.hadith.getTranslation(SLUG, 6, 'tr'),
          sixByNumber: await stores.hadith.resolveNumber(SLUG, '6'),
        }));
      const edited = await read();
      expect(edited.six).to.not.equal(undefined);

      clock.advance(60_000);
      const changed = aHadithSource(5, {
        hadith: (n) => (n === 2 ? { translations: { en: 'Test source 2 v2' } } : {}),
      });
      const dry = await importHadithCollection(deps, changed, { dryRun: true });
      expect(dry.editedRecords).to.deep.equal([
        { number: '2', sequence: 2, change: 'changed' },
        { number: '6', sequence: 6, change: 'removed' },
      ]);
      expect(await read()).to.deep.equal(edited);

      const summary = await importHadithCollection(deps, changed);
      expect(summary).to.deep.include({ removed: 1, dryRun: false });
      const imported = await read();
      expect(imported.twoEn?.text).to.equal('Test source 2 v2');
      expect(imported.six).to.equal(undefined);

      clock.advance(60_000);
      const rolledBack = await rollbackEntry({ ...deps, restorers: contentRestorers }, summary.auditEntryId!);
      expect(rolledBack.rollbackEntries).to.have.length(1);
      expect(await read()).to.deep.equal(edited);
    });
  });
}
