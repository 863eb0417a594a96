import {
  actorOfKey,
  contentRestorers,
  deleteAyahTranslation,
  importQuran,
  ManualClock,
  putAyahTranslation,
  rollbackEntry,
  type UnitOfWork,
} from '@islamic-data/core';
import { expect } from 'chai';
import { aSyntheticQuranSource } from './builders.js';

const EDITOR = actorOfKey({ id: 'key_TEST00000001', name: 'Test editor' });

/**
 * Issue 26, point 6, for the Quran on every engine: a re-import that replaces translations an editor wrote
 * (or restores one the editor deleted) keeps them in its entry, and rolling it back puts them back exactly.
 */
export function quranImportRollbackConformance(name: string, makeUnitOfWork: () => Promise<UnitOfWork>): void {
  describe(`Quran import rollback over edited translations: ${name}`, () => {
    it('lists them with dryRun and restores them, with their updatedAt, on rollback', async () => {
      const unitOfWork = await makeUnitOfWork();
      const clock = new ManualClock('2026-03-01T00:00:00.000Z');
      const deps = { unitOfWork, clock };
      const source = aSyntheticQuranSource({ languages: ['en'] });
      await importQuran(deps, source);
      clock.advance(60_000);
      await putAyahTranslation(deps, { surah: 1, ayah: 2, locale: 'en', text: 'Test edited en 1:2' }, EDITOR);
      await deleteAyahTranslation(deps, { surah: 2, ayah: 3, locale: 'en' }, EDITOR);
      await putAyahTranslation(deps, { surah: 2, ayah: 4, locale: 'de', text: 'Test de 2:4' }, EDITOR);
      const read = () =>
        unitOfWork.run(async (stores) => ({
          edited: await stores.quran.getTranslation(1, 2, 'en'),
          deleted: await stores.quran.getTranslation(2, 3, 'en'),
          other: await stores.quran.getTranslation(2, 4, 'de'),
        }));
      const edited = await read();

      clock.advance(60_000);
      const dry = await importQuran(deps, source, { dryRun: true });
      expect(dry.editions.find((edition) => edition.lang === 'en')!.editedRecords).to.deep.equal([
        { surah: 1, ayah: 2, locale: 'en', change: 'changed' },
        { surah: 2, ayah: 3, locale: 'en', change: 'changed' },
      ]);
      expect(await read()).to.deep.equal(edited);

      const report = await importQuran(deps, source);
      const en = report.editions.find((edition) => edition.lang === 'en')!;
      expect(en.editedRecords).to.have.length(2);
      expect((await read()).edited?.text).to.equal('Test en 1:2');
      expect((await read()).deleted?.text).to.equal('Test en 2:3');

      clock.advance(60_000);
      const rolledBack = await rollbackEntry({ ...deps, restorers: contentRestorers }, en.auditEntryId!);
      expect(rolledBack.rollbackEntries).to.have.length(1);
      expect(await read()).to.deep.equal(edited);
    });
  });
}
