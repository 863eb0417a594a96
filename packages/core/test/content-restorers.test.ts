import { expect } from 'chai';
import {
  ManualClock,
  OPERATOR_ACTOR,
  ROLLBACK_ACTION,
  contentRestorers,
  createInMemoryStores,
  deleteAyahTranslation,
  deleteHadithTranslation,
  importHadithCollection,
  importQuran,
  patchAyahMetadata,
  patchHadithMetadata,
  putAyahTranslation,
  putHadithTranslation,
  rollbackEntry,
  rollbackKeySince,
  restorerFor,
  type AuditEntry,
  type AuditTarget,
  type HadithSourceCollection,
  type Restorers,
  type Stores,
  type UnitOfWork,
} from '../src/index.js';
import { failureOf } from './failure-of.js';
import { syntheticEdition, syntheticQuranSource, syntheticSurahs } from './synthetic-quran.js';

// A small, visibly synthetic hadith collection (core cannot use test-fixtures).
const quranSource = () => syntheticQuranSource(syntheticSurahs([3, 4]), ['en']);
const C = 'test-collection';
const hadithSource = (count: number): HadithSourceCollection => ({
  info: { slug: C, name: 'Test collection', nameAr: 'Test collection (ar)', position: 1, numbering: 'sequence' },
  books: [{ number: 1, nameEn: 'Test book 1', nameAr: 'Test book 1 (ar)' }],
  hadiths: Array.from({ length: count }, (_, i) => ({
    sequence: i + 1,
    number: String(i + 1),
    citation: `Test collection ${i + 1}`,
    inBook: null,
    grade: null,
    textAr: `Test hadith ${i + 1} (Arabic)`,
    narrator: `Test narrator ${i + 1}`,
    bookNumber: 1,
    translations: { en: `Test hadith ${i + 1}` },
  })),
  editions: ['ar', 'en'].map((lang) => syntheticEdition(lang, { resource: 'hadith', collection: C })),
});

const EDITOR = { keyId: 'key_TESTEDITOR01', keyName: 'Test editor' };
const OTHER = { keyId: 'key_TESTOTHER001', keyName: 'Test other editor' };
const START = '2026-03-01T10:00:00.000Z';

describe('core: rollback of Quran and Hadith writes (content restorers)', () => {
  let stores: Stores;
  let unitOfWork: UnitOfWork;
  let clock: ManualClock;
  let deps: { stores: Stores; unitOfWork: UnitOfWork; clock: ManualClock };
  let rollback: { unitOfWork: UnitOfWork; clock: ManualClock; restorers: Restorers };

  beforeEach(async () => {
    ({ stores, unitOfWork } = createInMemoryStores());
    clock = new ManualClock(START);
    deps = { stores, unitOfWork, clock };
    rollback = { unitOfWork, clock, restorers: contentRestorers };
    await importQuran(deps, quranSource());
    await importHadithCollection(deps, hadithSource(3));
    clock.advance(60_000);
  });

  /** The newest audit entry, after each write moves the clock on a second. */
  async function lastEntry(): Promise<AuditEntry> {
    clock.advance(1_000);
    return (await stores.audit.list({ limit: 1 }))[0]!;
  }
  const restorerOf = (entry: AuditEntry) => restorerFor(contentRestorers, entry.target);
  /** Everything a rollback could touch or append, to show that a refused one changed nothing. */
  const everything = async () => ({
    ayah: await stores.quran.getAyah(1, 1),
    ayahEn: await stores.quran.getTranslation(1, 1, 'en'),
    hadith: await stores.hadith.getHadith(C, 1),
    hadithEn: await stores.hadith.getTranslation(C, 1, 'en'),
    audit: await stores.audit.list(),
  });

  describe('which entries they handle', () => {
    it('handles translation and metadata writes of ayahs and hadiths, and content imports, nothing else', () => {
      const handled = (target: AuditTarget) => restorerFor(contentRestorers, target) !== undefined;
      for (const target of [
        { type: 'ayah-translation', surah: 2, ayah: 255, locale: 'en' },
        { type: 'ayah-translation', surah: 2, ayah: 255, locale: 'de-at' },
        { type: 'ayah', surah: 2, ayah: 255 },
        { type: 'hadith-translation', collection: C, number: '7', locale: 'ru' },
        { type: 'hadith', collection: C, number: '7' },
        // Imports: the records edited through the API that they changed (issue 26).
        { type: 'quran-edition', lang: 'en' },
        { type: 'hadith-collection', collection: C },
      ] as const) {
        expect(handled(target), JSON.stringify(target)).to.equal(true);
      }
      for (const target of [
        { type: 'api-key', id: 'key_TEST00000001' },
        { type: 'mosque', slug: 'test-mosque' },
      ] as const) {
        expect(handled(target), JSON.stringify(target)).to.equal(false);
      }
      // An entry written before targets were recorded, whose resource no shape matched.
      expect(restorerFor(contentRestorers, null)).to.equal(undefined);
    });

    it('refuses to roll back an import that kept no edited record, and a rollback carries its target', async () => {
      const [importEntry] = await stores.audit.list({ action: 'import', limit: 1 });
      const refused = await failureOf(rollbackEntry(rollback, importEntry!.id));
      expect(refused.code).to.equal('VALIDATION_ERROR');
      expect(refused.message).to.contain('there is nothing to restore');

      await putHadithTranslation(deps, { collection: C, number: '1', locale: 'tr', text: 'Test tr hadith 1' }, EDITOR);
      const entry = await lastEntry();
      expect(entry).to.deep.include({
        target: { type: 'hadith-translation', collection: C, number: '1', locale: 'tr' },
        resource: `hadith/${C}/1/translations/tr`,
      });
      const { rollbackEntries } = await rollbackEntry(rollback, entry.id);
      expect(rollbackEntries[0]).to.deep.include({ target: entry.target, resource: entry.resource });
    });

    it('reads each record back in the shape its write snapshotted, so an untouched record compares equal', async () => {
      await putAyahTranslation(deps, { surah: 1, ayah: 1, locale: 'tr', text: 'Test tr 1:1' }, EDITOR);
      const translation = await lastEntry();
      await patchAyahMetadata(deps, { surah: 1, ayah: 1, patch: { tags: ['test-tag'] } }, EDITOR);
      const metadata = await lastEntry();
      await putHadithTranslation(deps, { collection: C, number: '1', locale: 'tr', text: 'Test tr hadith 1' }, EDITOR);
      const hadithTranslation = await lastEntry();
      await patchHadithMetadata(deps, { collection: C, number: '1', patch: { grade: 'Test grade' } }, EDITOR);
      const hadithMetadata = await lastEntry();
      await deleteHadithTranslation(deps, { collection: C, number: '2', locale: 'en' }, EDITOR);
      const deleted = await lastEntry();
      for (const entry of [metadata, hadithMetadata, deleted]) {
        expect(await restorerOf(entry)!.current(stores, entry.target!), entry.resource).to.deep.equal(entry.after);
      }
      // The translation entries' records have not changed either (the ayah's translation list has, which they do not
      // snapshot).
      for (const entry of [translation, hadithTranslation]) {
        expect(await restorerOf(entry)!.current(stores, entry.target!), entry.resource).to.deep.equal(entry.after);
      }
    });
  });

  describe('Quran', () => {
    it('deletes a translation the entry created, and audits the rollback with the operator as actor', async () => {
      await putAyahTranslation(deps, { surah: 1, ayah: 2, locale: 'tr', text: 'Test tr 1:2' }, EDITOR);
      const entry = await lastEntry();
      const result = await rollbackEntry(rollback, entry.id);
      expect(await stores.quran.getTranslation(1, 2, 'tr')).to.equal(undefined);
      expect((await stores.quran.getAyah(1, 2))!.translations).to.deep.equal({ en: 'Test en 1:2' });
      expect(result.undone.map((undone) => undone.entry.id)).to.deep.equal([entry.id]);
      expect(result.rollbackEntries).to.have.length(1);
      expect(result.rollbackEntries[0]).to.deep.include({
        ...OPERATOR_ACTOR,
        action: ROLLBACK_ACTION,
        resource: 'quran/1/2/translations/tr',
        before: entry.after,
        after: null,
        revertsEntryId: entry.id,
      });
    });

    it('puts back the replaced text with its own updatedAt', async () => {
      const original = (await stores.quran.getTranslation(1, 1, 'en'))!;
      await putAyahTranslation(deps, { surah: 1, ayah: 1, locale: 'en', text: 'Test wrong translation' }, EDITOR);
      const entry = await lastEntry();
      expect(entry.before).to.deep.equal(original);
      await rollbackEntry(rollback, entry.id);
      expect(await stores.quran.getTranslation(1, 1, 'en')).to.deep.equal(original);
    });

    it('re-creates a deleted translation exactly', async () => {
      const original = (await stores.quran.getTranslation(2, 4, 'en'))!;
      await deleteAyahTranslation(deps, { surah: 2, ayah: 4, locale: 'en' }, EDITOR);
      const entry = await lastEntry();
      await rollbackEntry(rollback, entry.id);
      expect(await stores.quran.getTranslation(2, 4, 'en')).to.deep.equal(original);
      expect((await stores.audit.list({ limit: 1 }))[0]).to.deep.include({
        before: null,
        after: original,
        revertsEntryId: entry.id,
      });
    });

    it('puts back tags, notes and published, keeping translations written since', async () => {
      const before = (await stores.quran.getAyah(1, 3))!;
      await patchAyahMetadata(
        deps,
        { surah: 1, ayah: 3, patch: { tags: ['test-a', 'test-b'], notes: 'Test note', published: false } },
        EDITOR,
      );
      const entry = await lastEntry();
      await putAyahTranslation(deps, { surah: 1, ayah: 3, locale: 'tr', text: 'Test tr 1:3' }, OTHER);
      await rollbackEntry(rollback, entry.id);
      expect(await stores.quran.getAyah(1, 3)).to.deep.equal({
        ...before,
        translations: { ...before.translations, tr: 'Test tr 1:3' },
      });
    });

    it(
      'refuses, changing nothing, when the record changed after the entry, naming the later entry; ' +
        '--force proceeds',
      async () => {
        await putAyahTranslation(deps, { surah: 1, ayah: 1, locale: 'en', text: 'Test bad 1' }, EDITOR);
        const entry = await lastEntry();
        await putAyahTranslation(
          deps,
          { surah: 1, ayah: 1, locale: 'en', text: 'Test fixed by another editor' },
          OTHER,
        );
        const later = await lastEntry();
        const unchanged = await everything();
        const refused = await failureOf(rollbackEntry(rollback, entry.id));
        expect(refused.code).to.equal('CONFLICT');
        expect(refused.message)
          .to.contain(`entry ${later.id}`)
          .and.to.contain('Test other editor')
          .and.to.contain('--force');
        expect(await everything()).to.deep.equal(unchanged);

        await rollbackEntry(rollback, entry.id, { force: true });
        expect(await stores.quran.getTranslation(1, 1, 'en')).to.deep.equal(entry.before);
      },
    );

    it('refuses a metadata rollback when the metadata changed since, but not for a later translation', async () => {
      await patchAyahMetadata(deps, { surah: 1, ayah: 1, patch: { notes: 'Test note' } }, EDITOR);
      const entry = await lastEntry();
      await putAyahTranslation(deps, { surah: 1, ayah: 1, locale: 'tr', text: 'Test tr 1:1' }, OTHER);
      await patchAyahMetadata(deps, { surah: 1, ayah: 1, patch: { published: false } }, OTHER);
      const later = await lastEntry();
      const refused = await failureOf(rollbackEntry(rollback, entry.id));
      expect(refused.code).to.equal('CONFLICT');
      expect(refused.message).to.contain(`entry ${later.id} (metadata.patch`);
    });

    it('undoes a rollback (a rollback entry is itself restorable)', async () => {
      await putAyahTranslation(deps, { surah: 1, ayah: 1, locale: 'en', text: 'Test good after all' }, EDITOR);
      const entry = await lastEntry();
      const { rollbackEntries } = await rollbackEntry(rollback, entry.id);
      await rollbackEntry(rollback, rollbackEntries[0]!.id);
      expect((await stores.quran.getTranslation(1, 1, 'en'))!.text).to.equal('Test good after all');
    });
  });

  describe('Hadith', () => {
    it('deletes a created translation, puts back a replaced one, re-creates a deleted one', async () => {
      const original = (await stores.hadith.getTranslation(C, 1, 'en'))!;
      await putHadithTranslation(deps, { collection: C, number: '1', locale: 'ru', text: 'Test ru 1' }, EDITOR);
      const created = await lastEntry();
      await putHadithTranslation(deps, { collection: C, number: '1', locale: 'en', text: 'Test wrong 1' }, EDITOR);
      const replaced = await lastEntry();
      const deletedOriginal = (await stores.hadith.getTranslation(C, 2, 'en'))!;
      await deleteHadithTranslation(deps, { collection: C, number: '2', locale: 'en' }, EDITOR);
      const deleted = await lastEntry();

      for (const entry of [created, replaced, deleted]) await rollbackEntry(rollback, entry.id);
      expect(await stores.hadith.getTranslation(C, 1, 'ru')).to.equal(undefined);
      expect(await stores.hadith.getTranslation(C, 1, 'en')).to.deep.equal(original);
      expect(await stores.hadith.getTranslation(C, 2, 'en')).to.deep.equal(deletedOriginal);
      const rollbacks = await stores.audit.list({ action: ROLLBACK_ACTION });
      expect(rollbacks.map((entry) => entry.revertsEntryId)).to.deep.equal([deleted.id, replaced.id, created.id]);
    });

    it('puts back narrator, grade, tags, notes and published', async () => {
      const before = (await stores.hadith.getHadith(C, 3))!;
      await patchHadithMetadata(
        deps,
        {
          collection: C,
          number: '3',
          patch: {
            narrator: 'Test wrong narrator',
            grade: 'Test grade',
            tags: ['test-x'],
            notes: 'Test note',
            published: false,
          },
        },
        EDITOR,
      );
      const entry = await lastEntry();
      await rollbackEntry(rollback, entry.id);
      expect(await stores.hadith.getHadith(C, 3)).to.deep.equal(before);
    });

    it(
      'refuses when the grade changed since, naming the later entry; ' + '--force puts the whole metadata back',
      async () => {
        const before = (await stores.hadith.getHadith(C, 1))!;
        await patchHadithMetadata(deps, { collection: C, number: '1', patch: { grade: 'Test grade 1' } }, EDITOR);
        const entry = await lastEntry();
        await patchHadithMetadata(deps, { collection: C, number: '1', patch: { grade: 'Test grade 2' } }, OTHER);
        const later = await lastEntry();
        const unchanged = await everything();
        const refused = await failureOf(rollbackEntry(rollback, entry.id));
        expect(refused.code).to.equal('CONFLICT');
        expect(refused.message).to.contain(`entry ${later.id}`);
        expect(await everything()).to.deep.equal(unchanged);
        await rollbackEntry(rollback, entry.id, { force: true });
        expect(await stores.hadith.getHadith(C, 1)).to.deep.equal(before);
      },
    );

    it('refuses, even with --force, to restore onto a hadith that no longer exists', async () => {
      await putHadithTranslation(deps, { collection: C, number: '3', locale: 'en', text: 'Test wrong 3' }, EDITOR);
      const translation = await lastEntry();
      await patchHadithMetadata(deps, { collection: C, number: '3', patch: { grade: 'Test grade' } }, EDITOR);
      const metadata = await lastEntry();
      await importHadithCollection(deps, hadithSource(2));
      for (const entry of [translation, metadata]) {
        expect((await failureOf(rollbackEntry(rollback, entry.id))).message).to.contain('not in the audit log');
        const forced = await failureOf(rollbackEntry(rollback, entry.id, { force: true }));
        expect(forced.code).to.equal('CONFLICT');
        expect(forced.message).to.contain(`Hadith ${C}/3 no longer exists`);
      }
      expect(await stores.audit.list({ action: ROLLBACK_ACTION })).to.deep.equal([]);
    });
  });

  describe('every write of a key since a time', () => {
    it(
      'undoes them newest first, even several on one record, leaving other keys’ writes alone; a dry run ' +
        'changes nothing',
      async () => {
        const initial = await everything();
        const since = clock.now().toISOString();
        await putAyahTranslation(deps, { surah: 1, ayah: 1, locale: 'en', text: 'Test bad 1' }, EDITOR);
        await lastEntry();
        await putAyahTranslation(deps, { surah: 1, ayah: 1, locale: 'en', text: 'Test bad 2' }, EDITOR);
        await lastEntry();
        await patchAyahMetadata(deps, { surah: 1, ayah: 1, patch: { tags: ['test-bad'] } }, EDITOR);
        await lastEntry();
        await putHadithTranslation(deps, { collection: C, number: '1', locale: 'en', text: 'Test bad hadith' }, EDITOR);
        await lastEntry();
        await deleteHadithTranslation(deps, { collection: C, number: '1', locale: 'en' }, EDITOR);
        await lastEntry();
        await patchHadithMetadata(
          deps,
          { collection: C, number: '1', patch: { narrator: 'Test bad narrator' } },
          EDITOR,
        );
        await lastEntry();
        await putAyahTranslation(deps, { surah: 2, ayah: 1, locale: 'tr', text: 'Test other key' }, OTHER);
        await lastEntry();
        const written = (await stores.audit.list({ keyId: EDITOR.keyId })).map((entry) => entry.id);
        expect(written).to.have.length(6);

        const afterWrites = await everything();
        const dry = await rollbackKeySince(rollback, { keyId: EDITOR.keyId, since, dryRun: true });
        expect(dry.dryRun).to.equal(true);
        expect(dry.undone.map((undone) => undone.entry.id)).to.deep.equal(written);
        expect(dry.rollbackEntries).to.deep.equal([]);
        // The plan shows what each undo puts back: only the metadata of a metadata patch.
        expect(dry.undone[0]).to.deep.include({
          current: { narrator: 'Test bad narrator', grade: null, tags: [], notes: null, published: true },
          restored: { narrator: 'Test narrator 1', grade: null, tags: [], notes: null, published: true },
        });
        expect(dry.undone[1]).to.deep.include({
          current: null,
          restored: { locale: 'en', text: 'Test bad hadith', updatedAt: '2026-03-01T10:01:03.000Z' },
        });
        expect(await everything()).to.deep.equal(afterWrites);

        const result = await rollbackKeySince(rollback, { keyId: EDITOR.keyId, since });
        expect(result.rollbackEntries.map((entry) => entry.revertsEntryId)).to.deep.equal(written);
        const { audit: _audit, ...now } = await everything();
        const { audit: _initialAudit, ...before } = initial;
        expect(now).to.deep.equal(before);
        expect((await stores.quran.getTranslation(2, 1, 'tr'))!.text).to.equal('Test other key');
      },
    );

    it('skips writes already undone, unless their rollback was undone in turn', async () => {
      const since = clock.now().toISOString();
      await putAyahTranslation(deps, { surah: 1, ayah: 1, locale: 'en', text: 'Test bad 1' }, EDITOR);
      const first = await lastEntry();
      await putAyahTranslation(deps, { surah: 1, ayah: 2, locale: 'en', text: 'Test bad 2' }, EDITOR);
      const second = await lastEntry();
      const { rollbackEntries } = await rollbackEntry(rollback, second.id);
      clock.advance(1_000);
      expect(
        (await rollbackKeySince(rollback, { keyId: EDITOR.keyId, since })).undone.map((undone) => undone.entry.id),
      ).to.deep.equal([first.id]);
      clock.advance(1_000);
      expect((await rollbackKeySince(rollback, { keyId: EDITOR.keyId, since })).undone).to.deep.equal([]);

      await rollbackEntry(rollback, rollbackEntries[0]!.id);
      clock.advance(1_000);
      expect(
        (await rollbackKeySince(rollback, { keyId: EDITOR.keyId, since })).undone.map((undone) => undone.entry.id),
      ).to.deep.equal([second.id]);
      expect((await stores.quran.getTranslation(1, 2, 'en'))!.text).to.equal('Test en 1:2');
    });

    it('refuses the whole rollback when one record changed since, and changes nothing', async () => {
      const since = clock.now().toISOString();
      await putAyahTranslation(deps, { surah: 1, ayah: 2, locale: 'en', text: 'Test bad' }, EDITOR);
      await lastEntry();
      await putHadithTranslation(deps, { collection: C, number: '2', locale: 'en', text: 'Test bad' }, EDITOR);
      const changed = await lastEntry();
      await putHadithTranslation(deps, { collection: C, number: '2', locale: 'en', text: 'Test fixed' }, OTHER);
      const later = await lastEntry();
      const unchanged = { ayah: await stores.quran.getTranslation(1, 2, 'en'), audit: await stores.audit.list() };
      const refused = await failureOf(rollbackKeySince(rollback, { keyId: EDITOR.keyId, since }));
      expect(refused.message).to.contain(`audit entry ${changed.id}`).and.to.contain(`entry ${later.id}`);
      expect({ ayah: await stores.quran.getTranslation(1, 2, 'en'), audit: await stores.audit.list() }).to.deep.equal(
        unchanged,
      );
    });
  });
});
