import { expect } from 'chai';
import {
  ManualClock,
  TANZIL_TRANSLATION_LICENSE,
  createInMemoryStores,
  deleteAyahTranslation,
  downloadQuranEdition,
  getAyah,
  importQuran,
  importQuranTranslation,
  importTanzilTranslation,
  listSurahAyahs,
  listSurahs,
  patchAyahMetadata,
  putAyahTranslation,
  type QuranSource,
  type Stores,
  type UnitOfWork,
  type AyahMetadataPatch,
} from '../src/index.js';
import { failureOf } from './failure-of.js';
import { syntheticEdition, syntheticQuranSource, syntheticSurahs, syntheticTexts } from './synthetic-quran.js';

const COUNTS = [3, 12, 2];
const surahs = syntheticSurahs(COUNTS);
const texts = (label: string) => syntheticTexts(surahs, label);
const edition = syntheticEdition;
const source = () => syntheticQuranSource(surahs, ['en', 'ru']);
const TOTAL = COUNTS.reduce((a, b) => a + b, 0);

const editor = { keyId: 'key_TESTEDITOR01', keyName: 'Test editor' };
const reader = { permissions: ['read' as const] };
const writer = { permissions: ['read' as const, 'write' as const] };

describe('core: Quran use cases', () => {
  let stores: Stores;
  let unitOfWork: UnitOfWork;
  let clock: ManualClock;
  let deps: { stores: Stores; unitOfWork: UnitOfWork; clock: ManualClock };
  beforeEach(async () => {
    ({ stores, unitOfWork } = createInMemoryStores());
    clock = new ManualClock('2026-03-01T10:00:00.000Z');
    deps = { stores, unitOfWork, clock };
    await importQuran(deps, source());
  });

  describe('import', () => {
    it(
      'stores surahs, the Arabic text, ' + 'the translations and their editions, with one audit entry per edition',
      async () => {
        expect(await listSurahs(stores)).to.deep.equal(surahs);
        expect((await stores.editions.list()).map((e) => e.lang)).to.deep.equal(['ar', 'en', 'ru']);
        expect((await getAyah(stores, 2, 10, { viewer: null })).translations).to.deep.equal({
          en: 'Test en 2:10',
          ru: 'Test ru 2:10',
        });
        const entries = await stores.audit.list();
        expect(entries.map((e) => e.resource).sort()).to.deep.equal([
          'quran/editions/ar',
          'quran/editions/en',
          'quran/editions/ru',
        ]);
        const en = entries.find((e) => e.resource === 'quran/editions/en')!;
        expect(en).to.include({ action: 'import', keyId: null, keyName: 'operator', before: null });
        expect(en.after).to.deep.equal({ ...edition('en'), ayahCount: TOTAL });
      },
    );

    it('changes nothing, and audits nothing, when the same source is imported again', async () => {
      const before = { audit: await stores.audit.list(), ayah: await getAyah(stores, 2, 10, { viewer: null }) };
      const translationBefore = await stores.quran.getTranslation(2, 10, 'en');
      clock.advance(60_000);
      const report = await importQuran(deps, source());
      expect(report.changedSurahs).to.equal(0);
      expect(report.editions.map((e) => [e.changedAyahs, e.metadataChanged, e.auditEntryId])).to.deep.equal([
        [0, false, null],
        [0, false, null],
        [0, false, null],
      ]);
      expect(await stores.audit.list()).to.deep.equal(before.audit);
      expect(await getAyah(stores, 2, 10, { viewer: null })).to.deep.equal(before.ayah);
      expect(await stores.quran.getTranslation(2, 10, 'en')).to.deep.equal(translationBefore);
    });

    it(
      'updates changed texts and metadata, keeps editors’ ayah metadata, ' +
        'and audits the edition with its previous metadata',
      async () => {
        await patchAyahMetadata(deps, { surah: 1, ayah: 1, patch: { tags: ['test-tag'] } }, editor);
        const changed = source();
        changed.translations[0]!.texts[0]!.text = 'Test en corrected';
        changed.translations[0]!.edition.license = 'Test en licence v2';
        const report = await importQuran(deps, changed);
        expect(report.editions.find((e) => e.lang === 'en')).to.include({ changedAyahs: 1, metadataChanged: true });
        expect((await getAyah(stores, 1, 1, { viewer: null })).translations.en).to.equal('Test en corrected');
        expect((await getAyah(stores, 1, 1, { viewer: null })).tags).to.deep.equal(['test-tag']);
        const [latest] = await stores.audit.list({ action: 'import' });
        expect(latest).to.include({ resource: 'quran/editions/en' });
        expect(latest!.before).to.deep.equal(edition('en'));
      },
    );

    it('refuses an incomplete, padded or empty edition and writes nothing', async () => {
      const fresh = createInMemoryStores();
      const freshDeps = { ...fresh, clock };
      const cases: [string, (s: QuranSource) => void, RegExp][] = [
        [
          'a missing ayah',
          (s) => s.translations[0]!.texts.pop(),
          /covers 16 of the 17 ayahs; the first missing is 3:2/,
        ],
        [
          'an ayah beyond its surah',
          (s) => s.translations[0]!.texts.push({ surah: 1, ayah: 4, text: 'Test extra' }),
          /ayah 1:4, which the Quran does not have/,
        ],
        [
          'a repeated ayah',
          (s) => (s.translations[1]!.texts[1] = { ...s.translations[1]!.texts[0]! }),
          /gives ayah 1:1 twice/,
        ],
        ['an empty text', (s) => (s.arabic.texts[5]!.text = '  '), /no text for ayah 2:3/],
        [
          'a surah out of order',
          (s) => (s.surahs = [s.surahs[1]!, s.surahs[0]!, s.surahs[2]!]),
          /numbered 2 where 1 was expected/,
        ],
        [
          'a bad source URL',
          (s) => (s.translations[0]!.edition.sourceUrl = 'not a url'),
          /source URL must be an http\(s\) URL/,
        ],
      ];
      for (const [name, spoil, message] of cases) {
        const spoiled = source();
        spoil(spoiled);
        const error = await failureOf(importQuran(freshDeps, spoiled));
        expect(error.code, name).to.equal('VALIDATION_ERROR');
        expect(error.message, name).to.match(message);
      }
      expect(await fresh.stores.quran.listSurahs()).to.deep.equal([]);
      expect(await fresh.stores.audit.list()).to.deep.equal([]);
    });

    it('refuses Arabic as a translation', async () => {
      const withArabic = source();
      withArabic.translations.push({ edition: edition('ar-eg'), texts: texts('ar-eg') });
      expect((await failureOf(importQuran(deps, withArabic))).code).to.equal('FORBIDDEN_LOCALE');
      expect(
        (await failureOf(importQuranTranslation(deps, { edition: edition('ar'), texts: texts('ar') }))).code,
      ).to.equal('FORBIDDEN_LOCALE');
    });

    it('imports one translation edition over the stored Quran, idempotently', async () => {
      const az = { edition: edition('az'), texts: texts('az') };
      const first = await importQuranTranslation(deps, az);
      expect(first).to.include({ lang: 'az', ayahCount: TOTAL, changedAyahs: TOTAL, metadataChanged: true });
      expect(first.auditEntryId).to.be.a('number');
      const auditCount = (await stores.audit.list()).length;
      const again = await importQuranTranslation(deps, az);
      expect(again).to.include({ changedAyahs: 0, metadataChanged: false, auditEntryId: null });
      expect(await stores.audit.list()).to.have.length(auditCount);
      expect(await stores.quran.listPublishedTexts('az')).to.have.length(TOTAL);
    });

    it('imports a Tanzil translation as read, its edition from the header and the operator’s overrides', async () => {
      const translation = {
        header: { name: 'Test name', translator: 'Test translator', id: 'az.test', source: 'Tanzil.net' },
        texts: texts('az'),
      };
      const result = await importTanzilTranslation(deps, {
        lang: 'az',
        translation,
        edition: { attribution: 'Test attribution' },
      });
      expect(result).to.include({ lang: 'az', name: 'Test name', ayahCount: TOTAL, changedAyahs: TOTAL });
      expect(await stores.editions.get('quran', null, 'az')).to.include({
        translator: 'Test translator',
        attribution: 'Test attribution',
        license: TANZIL_TRANSLATION_LICENSE,
        sourceUrl: 'https://tanzil.net/trans/az.test',
      });
      expect((await failureOf(importTanzilTranslation(deps, { lang: 'ar', translation }))).code).to.equal(
        'FORBIDDEN_LOCALE',
      );
    });

    it('refuses a translation before the Quran is imported', async () => {
      const empty = { ...createInMemoryStores(), clock };
      const error = await failureOf(importQuranTranslation(empty, { edition: edition('az'), texts: texts('az') }));
      expect(error.code).to.equal('CONFLICT');
    });

    it('leaves everything as it was when the transaction fails half-way', async () => {
      const before = await stores.quran.listPublishedTexts('en');
      const failing = source();
      failing.translations[0]!.texts[0]!.text = 'Test en changed';
      failing.translations[1]!.edition.name = 'Test ru renamed';
      const append = stores.audit.append.bind(stores.audit);
      let appended = 0;
      stores.audit.append = async (entry) => {
        if (++appended === 2) throw new Error('Test failure after the first edition');
        return append(entry);
      };
      await importQuran(deps, failing).catch(() => undefined);
      expect(appended).to.equal(2);
      expect(await stores.quran.listPublishedTexts('en')).to.deep.equal(before);
      expect((await stores.editions.get('quran', null, 'ru'))?.name).to.equal('Test ru edition');
    });
  });

  describe('reads', () => {
    it('lists a surah’s ayahs with every translation, or only the asked ones', async () => {
      const all = await listSurahAyahs(stores, 2, { viewer: reader });
      expect(all).to.have.length(12);
      expect(all[9]).to.deep.equal({
        surah: 2,
        ayah: 10,
        key: '2:10',
        text_ar: 'Test ar 2:10',
        translations: { en: 'Test en 2:10', ru: 'Test ru 2:10' },
        tags: [],
        notes: null,
        published: true,
      });
      const russian = await listSurahAyahs(stores, 2, { viewer: reader, translations: 'ru,tr' });
      expect(russian.every((ayah) => Object.keys(ayah.translations).join() === 'ru')).to.equal(true);
    });

    it('refuses a malformed language code', async () => {
      for (const translations of ['EN', 'en,', 'e', 'en;ru', '']) {
        const error = await failureOf(listSurahAyahs(stores, 2, { viewer: reader, translations }));
        expect(error.code, translations).to.equal('VALIDATION_ERROR');
        expect(error.message).to.contain('translations');
      }
    });

    it('reports unknown surahs and ayahs as not found', async () => {
      for (const surah of [0, 4, -1])
        expect((await failureOf(listSurahAyahs(stores, surah, { viewer: reader }))).code).to.equal('NOT_FOUND');
      const beyond = await failureOf(getAyah(stores, 1, 4, { viewer: reader }));
      expect(beyond.code).to.equal('NOT_FOUND');
      expect(beyond.message).to.contain('has 3 ayahs');
      expect((await failureOf(getAyah(stores, 9, 1, { viewer: reader }))).code).to.equal('NOT_FOUND');
    });

    it('shows unpublished ayahs only to keys that may write, and never in downloads', async () => {
      await patchAyahMetadata(deps, { surah: 1, ayah: 2, patch: { published: false } }, editor);
      expect((await listSurahAyahs(stores, 1, { viewer: reader })).map((a) => a.key)).to.deep.equal(['1:1', '1:3']);
      expect((await listSurahAyahs(stores, 1, { viewer: null })).map((a) => a.key)).to.deep.equal(['1:1', '1:3']);
      expect((await listSurahAyahs(stores, 1, { viewer: writer })).map((a) => a.key)).to.deep.equal([
        '1:1',
        '1:2',
        '1:3',
      ]);
      expect((await failureOf(getAyah(stores, 1, 2, { viewer: reader }))).code).to.equal('NOT_FOUND');
      expect(await getAyah(stores, 1, 2, { viewer: writer })).to.include({ published: false });
      expect((await downloadQuranEdition(stores, 'ar', 1)).map((e) => e.ayah)).to.deep.equal([1, 3]);
    });
  });

  describe('downloads', () => {
    it('gives the full text of a public-domain edition and only metadata of the others', async () => {
      const arabic = await downloadQuranEdition(stores, 'ar');
      expect(arabic).to.have.length(TOTAL);
      expect(arabic[0]).to.deep.equal({
        surah: 1,
        ayah: 1,
        attribution: 'Test ar attribution',
        license: 'Test ar licence',
        source_url: 'https://example.org/ar',
        text: 'Test ar 1:1',
      });
      const english = await downloadQuranEdition(stores, 'en', 2);
      expect(english).to.have.length(12);
      expect(english.every((entry) => entry.text === null && entry.license === 'Test en licence')).to.equal(true);
    });

    it('answers 404 for a language without an edition or an unknown surah', async () => {
      expect((await failureOf(downloadQuranEdition(stores, 'tr'))).code).to.equal('NOT_FOUND');
      expect((await failureOf(downloadQuranEdition(stores, 'ar', 4))).code).to.equal('NOT_FOUND');
    });
  });

  describe('writes', () => {
    const put = (locale: string, text: string, ayah = 10) =>
      putAyahTranslation(deps, { surah: 2, ayah, locale, text }, editor);

    it('creates, then replaces a translation, auditing the whole record before and after', async () => {
      const created = await put('de', 'Test de 2:10');
      expect(created).to.deep.equal({
        created: true,
        translation: { locale: 'de', text: 'Test de 2:10', updatedAt: '2026-03-01T10:00:00.000Z' },
      });
      clock.advance(1000);
      const replaced = await put('de', 'Test de 2:10 v2');
      expect(replaced).to.deep.include({ created: false });
      expect(replaced.translation).to.deep.equal({
        locale: 'de',
        text: 'Test de 2:10 v2',
        updatedAt: '2026-03-01T10:00:01.000Z',
      });
      const [second, first] = await stores.audit.list({ resourcePrefix: 'quran/2/10/' });
      expect(first).to.deep.include({
        keyId: editor.keyId,
        keyName: editor.keyName,
        action: 'translation.put',
        resource: 'quran/2/10/translations/de',
        before: null,
        after: created.translation,
      });
      expect(second).to.deep.include({
        before: created.translation,
        after: replaced.translation,
        at: '2026-03-01T10:00:01.000Z',
      });
    });

    it('keeps a repeated identical PUT harmless: same record, same updatedAt, no audit entry', async () => {
      const first = await put('en', 'Test en 2:10 corrected');
      const entries = await stores.audit.list();
      clock.advance(5000);
      const repeated = await put('en', 'Test en 2:10 corrected');
      expect(repeated).to.deep.equal({ created: false, translation: first.translation });
      expect(await stores.audit.list()).to.deep.equal(entries);
    });

    it(
      'refuses the Arabic locale, a malformed locale and unknown ayahs, ' +
        'auditing none of them (empty text is for the route schema)',
      async () => {
        const auditBefore = await stores.audit.list();
        for (const locale of ['ar', 'ar-sa'])
          expect((await failureOf(put(locale, 'Test'))).code).to.equal('FORBIDDEN_LOCALE');
        expect((await failureOf(put('EN', 'Test'))).code).to.equal('VALIDATION_ERROR');
        expect((await failureOf(put('en', 'Test', 13))).code).to.equal('NOT_FOUND');
        expect(await stores.audit.list()).to.deep.equal(auditBefore);
        expect(await stores.quran.getTranslation(2, 10, 'ar')).to.equal(undefined);
      },
    );

    it('deletes a translation with an audit entry whose after is null, and 404s when there is none', async () => {
      const before = await stores.quran.getTranslation(2, 10, 'en');
      await deleteAyahTranslation(deps, { surah: 2, ayah: 10, locale: 'en' }, editor);
      expect(await stores.quran.getTranslation(2, 10, 'en')).to.equal(undefined);
      const [entry] = await stores.audit.list({ action: 'translation.delete' });
      expect(entry).to.deep.include({ resource: 'quran/2/10/translations/en', before, after: null });
      expect(
        (await failureOf(deleteAyahTranslation(deps, { surah: 2, ayah: 10, locale: 'en' }, editor))).code,
      ).to.equal('NOT_FOUND');
      expect(
        (await failureOf(deleteAyahTranslation(deps, { surah: 2, ayah: 10, locale: 'ar' }, editor))).code,
      ).to.equal('FORBIDDEN_LOCALE');
    });

    it('patches only the given metadata and audits the whole ayah before and after', async () => {
      const before = await getAyah(stores, 2, 10, { viewer: writer });
      const after = await patchAyahMetadata(
        deps,
        { surah: 2, ayah: 10, patch: { tags: ['test-a', 'test-b'], notes: 'Test note' } },
        editor,
      );
      expect(after).to.deep.equal({ ...before, tags: ['test-a', 'test-b'], notes: 'Test note' });
      const unpublished = await patchAyahMetadata(
        deps,
        { surah: 2, ayah: 10, patch: { published: false, notes: null } },
        editor,
      );
      expect(unpublished).to.deep.include({ tags: ['test-a', 'test-b'], notes: null, published: false });
      const [latest, first] = await stores.audit.list({ action: 'metadata.patch' });
      expect(first).to.deep.include({ resource: 'quran/2/10', before, after, keyName: 'Test editor' });
      expect(latest).to.deep.include({ before: after, after: unpublished });
    });

    // Unknown fields, an empty body and wrong types are the route schema's to refuse:
    // http-express/test/validation.test.ts.
    it('refuses text_ar and unknown ayahs in a patch', async () => {
      const auditBefore = await stores.audit.list();
      const patch = (body: unknown) =>
        failureOf(patchAyahMetadata(deps, { surah: 2, ayah: 10, patch: body as AyahMetadataPatch }, editor));
      expect((await patch({ text_ar: 'Test', tags: [] })).code).to.equal('FORBIDDEN_LOCALE');
      expect(
        (await failureOf(patchAyahMetadata(deps, { surah: 2, ayah: 13, patch: { tags: [] } }, editor))).code,
      ).to.equal('NOT_FOUND');
      expect(await stores.audit.list()).to.deep.equal(auditBefore);
    });

    it('writes nothing when the audit entry cannot be written', async () => {
      stores.audit.append = async () => {
        throw new Error('Test audit failure');
      };
      await put('de', 'Test de').catch(() => undefined);
      await patchAyahMetadata(deps, { surah: 2, ayah: 10, patch: { published: false } }, editor).catch(() => undefined);
      expect(await stores.quran.getTranslation(2, 10, 'de')).to.equal(undefined);
      expect((await getAyah(stores, 2, 10, { viewer: writer })).published).to.equal(true);
    });
  });
});
