import { expect } from 'chai';
import {
  type AppError,
  ManualClock,
  createInMemoryStores,
  deleteHadithTranslation,
  downloadHadithEdition,
  getHadith,
  importHadithCollection,
  listCollectionHadiths,
  listHadithCollections,
  patchHadithMetadata,
  putHadithTranslation,
  type HadithSourceCollection,
  type Permission,
  type SourceHadith,
  type Stores,
  type HadithMetadataPatch,
} from '../src/index.js';
import { failureOf } from './failure-of.js';

const SLUG = 'test-collection';
const EDITOR = { keyId: 'key_TEST00000001', keyName: 'Test editor' };
const READER: Viewer = { permissions: ['read'] };
const WRITER: Viewer = { permissions: ['read', 'write'] };

type Viewer = { permissions: Permission[] };

/** A synthetic collection of `count` hadiths: 1 and 2 in book 1, the rest in book 2. */
function source(
  count: number,
  change: (hadith: SourceHadith) => Partial<SourceHadith> = () => ({}),
): HadithSourceCollection {
  const edition = (lang: string, publicDomain: boolean) => ({
    resource: 'hadith' as const,
    collection: SLUG,
    lang,
    name: `Test edition ${lang}`,
    translator: null,
    attribution: `Test attribution ${lang}`,
    license: `Test licence ${lang}`,
    sourceUrl: `https://example.org/test/${lang}`,
    publicDomain,
  });
  return {
    info: { slug: SLUG, name: 'Test collection', nameAr: 'Test collection (ar)', position: 1, numbering: 'sequence' },
    books: [
      { number: 1, nameEn: 'Test book 1', nameAr: 'Test book 1 (ar)' },
      { number: 2, nameEn: 'Test book 2', nameAr: 'Test book 2 (ar)' },
    ],
    hadiths: Array.from({ length: count }, (_, i) => {
      const hadith: SourceHadith = {
        sequence: i + 1,
        number: String(i + 1),
        citation: `Test collection ${i + 1}`,
        inBook: null,
        grade: null,
        textAr: `Test hadith ${i + 1} (Arabic)`,
        narrator: `Test narrator ${i + 1}`,
        bookNumber: i < 2 ? 1 : 2,
        translations: { en: `Test hadith ${i + 1}` },
      };
      return { ...hadith, ...change(hadith) };
    }),
    editions: [edition('ar', true), edition('en', false)],
  };
}

async function setup(count = 10) {
  const clock = new ManualClock('2026-02-01T00:00:00.000Z');
  const { stores, unitOfWork } = createInMemoryStores();
  const deps = { stores, unitOfWork, clock };
  await importHadithCollection(deps, source(count));
  clock.set('2026-02-02T00:00:00.000Z');
  return { ...deps, stores: stores as Stores };
}

/** Every record the import writes, with translations' times, for before/after comparisons. */
async function everything(stores: Stores) {
  const hadiths = await stores.hadith.listHadiths(SLUG, { startAfter: 0, limit: 1_000, includeUnpublished: true });
  const translations = await Promise.all(
    hadiths.map((hadith) => stores.hadith.getTranslation(SLUG, hadith.sequence, 'en')),
  );
  return {
    collections: await stores.hadith.listCollections(),
    books: await stores.hadith.listBooks(SLUG),
    hadiths,
    translations,
    hashes: await stores.hadithImports.sourceHashes(SLUG),
    editions: await stores.editions.list(),
    audit: await stores.audit.list(),
  };
}

/** The AppError a promise rejects with, which must carry `code`. */
async function failure(promise: Promise<unknown>, code: string): Promise<AppError> {
  const error = await failureOf(promise);
  expect(error.code).to.equal(code);
  return error;
}

describe('core: hadith use cases (in memory)', () => {
  describe('import', () => {
    it(
      'creates the collection, books, hadiths, translations and editions, audited once with the operator ' + 'as actor',
      async () => {
        const { stores } = await setup(4);
        expect(await listHadithCollections(stores)).to.deep.equal([
          { slug: SLUG, name: 'Test collection', nameAr: 'Test collection (ar)', total: 4, numbering: 'sequence' },
        ]);
        expect(await getHadith(stores, SLUG, '3', { viewer: READER })).to.deep.equal({
          collection: SLUG,
          number: '3',
          sequence: 3,
          reference: { citation: 'Test collection 3', inBook: null },
          text_ar: 'Test hadith 3 (Arabic)',
          translations: { en: 'Test hadith 3' },
          narrator: 'Test narrator 3',
          grade: null,
          tags: [],
          notes: null,
          published: true,
          book: { number: 2, nameEn: 'Test book 2', nameAr: 'Test book 2 (ar)' },
          grades: [],
        });
        expect((await stores.editions.list()).map((edition) => edition.lang)).to.deep.equal(['ar', 'en']);
        const entries = await stores.audit.list();
        expect(entries).to.have.length(1);
        expect(entries[0]).to.deep.include({
          keyId: null,
          keyName: 'operator',
          action: 'import',
          resource: `hadith/${SLUG}`,
          before: null,
        });
        expect(entries[0]!.after).to.deep.include({ hadiths: 4, added: 4, updated: 0, removed: 0 });
      },
    );

    it('writes nothing, not even an audit entry, when the source is unchanged', async () => {
      const deps = await setup(4);
      const before = await everything(deps.stores);
      const summary = await importHadithCollection(deps, source(4));
      expect(summary).to.deep.include({
        added: 0,
        updated: 0,
        unchanged: 4,
        removed: 0,
        changed: false,
        auditEntryId: null,
      });
      expect(await everything(deps.stores)).to.deep.equal(before);
      expect(before.audit).to.have.length(1);
    });

    it(
      'keeps API edits of hadiths whose source is unchanged, ' + 'and rewrites the source fields of changed ones',
      async () => {
        const deps = await setup(4);
        await patchHadithMetadata(
          deps,
          { collection: SLUG, number: '1', patch: { narrator: 'Test edited narrator', tags: ['test-tag'] } },
          EDITOR,
        );
        await putHadithTranslation(
          deps,
          { collection: SLUG, number: '1', locale: 'en', text: 'Test edited translation' },
          EDITOR,
        );
        await patchHadithMetadata(
          deps,
          { collection: SLUG, number: '2', patch: { narrator: 'Test edited narrator 2', grade: 'Test grade' } },
          EDITOR,
        );
        const changed = source(4, (hadith) =>
          hadith.sequence === 2
            ? { textAr: 'Test hadith 2 revised (Arabic)', translations: { en: 'Test hadith 2 revised' } }
            : {},
        );
        const summary = await importHadithCollection(deps, changed);
        expect(summary).to.deep.include({ added: 0, updated: 1, unchanged: 3, changed: true });
        expect(await getHadith(deps.stores, SLUG, '1', { viewer: READER })).to.deep.include({
          narrator: 'Test edited narrator',
          tags: ['test-tag'],
          translations: { en: 'Test edited translation' },
        });
        expect(await getHadith(deps.stores, SLUG, '2', { viewer: READER })).to.deep.include({
          text_ar: 'Test hadith 2 revised (Arabic)',
          narrator: 'Test narrator 2',
          grade: 'Test grade',
          translations: { en: 'Test hadith 2 revised' },
        });
      },
    );

    it('adds hadiths a longer source has and removes those beyond a shorter one', async () => {
      const deps = await setup(4);
      expect(await importHadithCollection(deps, source(6))).to.deep.include({ added: 2, unchanged: 4, removed: 0 });
      expect(await importHadithCollection(deps, source(3))).to.deep.include({ added: 0, removed: 3 });
      expect((await listHadithCollections(deps.stores))[0]!.total).to.equal(3);
    });

    it('stores an absent English text as no translation, and an absent Arabic text as null', async () => {
      const { stores, unitOfWork } = createInMemoryStores();
      await importHadithCollection(
        { unitOfWork, clock: new ManualClock() },
        source(2, (hadith) => (hadith.sequence === 2 ? { textAr: null, translations: { en: null } } : {})),
      );
      expect(await getHadith(stores, SLUG, '2', { viewer: READER })).to.deep.include({
        text_ar: null,
        translations: {},
      });
    });

    it('is atomic: a failure part-way leaves nothing of the collection', async () => {
      const { stores, unitOfWork } = createInMemoryStores();
      stores.editions.upsert = async () => {
        throw new Error('Test failure while saving editions');
      };
      const error = await importHadithCollection({ unitOfWork, clock: new ManualClock() }, source(5)).catch(
        (e: unknown) => e,
      );
      expect((error as Error).message).to.equal('Test failure while saving editions');
      expect(await listHadithCollections(stores)).to.deep.equal([]);
      expect(await stores.hadithImports.sourceHashes(SLUG)).to.deep.equal(new Map());
      expect(await stores.audit.list()).to.deep.equal([]);
    });

    it('refuses a source that does not number its hadiths 1..n', async () => {
      const { unitOfWork } = createInMemoryStores();
      const broken = source(3);
      broken.hadiths[1]!.sequence = 5;
      await failure(importHadithCollection({ unitOfWork, clock: new ManualClock() }, broken), 'VALIDATION_ERROR');
    });
  });

  describe('pages (keyset)', () => {
    it('walks a collection page by page, each hadith once, ending with nextStartAfter null', async () => {
      const { stores } = await setup(10);
      const seen: string[] = [];
      const cursors: (string | null)[] = [];
      let startAfter: string | undefined;
      do {
        const page = await listCollectionHadiths(stores, SLUG, { limit: 3, startAfter, viewer: READER });
        seen.push(...page.items.map((hadith) => hadith.number));
        cursors.push(page.nextStartAfter);
        startAfter = page.nextStartAfter ?? undefined;
      } while (startAfter !== undefined);
      expect(seen).to.deep.equal(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      expect(cursors).to.deep.equal(['3', '6', '9', null]);
    });

    it('says null on a last page that is exactly full', async () => {
      const { stores } = await setup(6);
      expect(
        (await listCollectionHadiths(stores, SLUG, { limit: 3, startAfter: '3', viewer: READER })).nextStartAfter,
      ).to.equal(null);
      expect((await listCollectionHadiths(stores, SLUG, { limit: 3, viewer: READER })).items).to.have.length(3);
      expect((await listCollectionHadiths(stores, SLUG, { viewer: READER })).items).to.have.length(6);
    });

    it('refuses limits outside 1..100 and a cursor that is not a hadith number', async () => {
      const { stores } = await setup(2);
      for (const input of [{ limit: 0 }, { limit: 101 }, { limit: 2.5 }, { startAfter: '99' }, { startAfter: '3!' }]) {
        const error = await failure(
          listCollectionHadiths(stores, SLUG, { ...input, viewer: READER }),
          'VALIDATION_ERROR',
        );
        expect(error.message).to.contain(Object.keys(input)[0]);
      }
      await failure(listCollectionHadiths(stores, SLUG, { translations: 'EN', viewer: READER }), 'VALIDATION_ERROR');
    });

    it('answers 404 for an unknown collection', async () => {
      const { stores } = await setup(2);
      const error = await failure(listCollectionHadiths(stores, 'test-unknown', { viewer: READER }), 'NOT_FOUND');
      expect(error.message).to.contain('test-unknown');
    });

    it('hides unpublished hadiths from readers and shows them to editors; total counts published ones', async () => {
      const deps = await setup(5);
      await patchHadithMetadata(deps, { collection: SLUG, number: '3', patch: { published: false } }, EDITOR);
      const numbers = async (viewer: Viewer | null) =>
        (await listCollectionHadiths(deps.stores, SLUG, { viewer })).items.map((hadith) => hadith.number);
      expect(await numbers(READER)).to.deep.equal(['1', '2', '4', '5']);
      expect(await numbers(null)).to.deep.equal(['1', '2', '4', '5']);
      expect(await numbers(WRITER)).to.deep.equal(['1', '2', '3', '4', '5']);
      await failure(getHadith(deps.stores, SLUG, '3', { viewer: READER }), 'NOT_FOUND');
      expect((await getHadith(deps.stores, SLUG, '3', { viewer: WRITER })).published).to.equal(false);
      expect((await listHadithCollections(deps.stores))[0]!.total).to.equal(4);
    });

    it('answers 404 for numbers no hadith has', async () => {
      const { stores } = await setup(2);
      for (const number of ['0', '-1', '3', '2b'])
        await failure(getHadith(stores, SLUG, number, { viewer: READER }), 'NOT_FOUND');
      await failure(getHadith(stores, 'test-unknown', '1', { viewer: READER }), 'NOT_FOUND');
    });

    it('filters translations by the translations parameter', async () => {
      const deps = await setup(2);
      await putHadithTranslation(deps, { collection: SLUG, number: '1', locale: 'ru', text: 'Test перевод' }, EDITOR);
      expect(
        (await getHadith(deps.stores, SLUG, '1', { viewer: READER, translations: 'ru' })).translations,
      ).to.deep.equal({ ru: 'Test перевод' });
      expect(
        (await getHadith(deps.stores, SLUG, '1', { viewer: READER, translations: 'tr' })).translations,
      ).to.deep.equal({});
      expect((await getHadith(deps.stores, SLUG, '1', { viewer: READER })).translations).to.have.keys('en', 'ru');
    });
  });

  describe('writes', () => {
    it('creates, re-puts and replaces a translation: each change audited, the unchanging re-put not', async () => {
      const deps = await setup(2);
      const input = { collection: SLUG, number: '1', locale: 'ru', text: 'Test перевод 1' };
      const created = await putHadithTranslation(deps, input, EDITOR);
      expect(created).to.deep.equal({
        created: true,
        translation: { locale: 'ru', text: 'Test перевод 1', updatedAt: '2026-02-02T00:00:00.000Z' },
      });
      deps.clock.advance(1000);
      const same = await putHadithTranslation(deps, input, EDITOR);
      expect(same).to.deep.equal({ created: false, translation: created.translation });
      deps.clock.advance(1000);
      const replaced = await putHadithTranslation(deps, { ...input, text: 'Test перевод 1b' }, EDITOR);
      expect(replaced.translation).to.deep.equal({
        locale: 'ru',
        text: 'Test перевод 1b',
        updatedAt: '2026-02-02T00:00:02.000Z',
      });
      const entries = (await deps.stores.audit.list({ action: 'translation.put' })).reverse();
      expect(entries.map((entry) => [entry.before, entry.after])).to.deep.equal([
        [null, created.translation],
        [created.translation, replaced.translation],
      ]);
      expect(entries[0]).to.deep.include({
        ...EDITOR,
        resource: `hadith/${SLUG}/1/translations/ru`,
        at: '2026-02-02T00:00:00.000Z',
      });
    });

    it(
      'refuses the Arabic locale, a malformed locale and unknown hadiths, auditing nothing (blank text ' +
        'is for the route schema)',
      async () => {
        const deps = await setup(2);
        const auditBefore = (await deps.stores.audit.list()).length;
        await failure(
          putHadithTranslation(deps, { collection: SLUG, number: '1', locale: 'ar', text: 'Test' }, EDITOR),
          'FORBIDDEN_LOCALE',
        );
        await failure(
          putHadithTranslation(deps, { collection: SLUG, number: '1', locale: 'ar-eg', text: 'Test' }, EDITOR),
          'FORBIDDEN_LOCALE',
        );
        await failure(
          putHadithTranslation(deps, { collection: SLUG, number: '1', locale: 'EN', text: 'Test' }, EDITOR),
          'VALIDATION_ERROR',
        );
        await failure(
          putHadithTranslation(deps, { collection: SLUG, number: '3', locale: 'en', text: 'Test' }, EDITOR),
          'NOT_FOUND',
        );
        await failure(
          putHadithTranslation(deps, { collection: 'test-unknown', number: '1', locale: 'en', text: 'Test' }, EDITOR),
          'NOT_FOUND',
        );
        await failure(
          deleteHadithTranslation(deps, { collection: SLUG, number: '1', locale: 'ar' }, EDITOR),
          'FORBIDDEN_LOCALE',
        );
        await failure(
          deleteHadithTranslation(deps, { collection: SLUG, number: '1', locale: 'ru' }, EDITOR),
          'NOT_FOUND',
        );
        expect(await deps.stores.audit.list()).to.have.length(auditBefore);
      },
    );

    it('deletes a translation, audited with after = null', async () => {
      const deps = await setup(2);
      await deleteHadithTranslation(deps, { collection: SLUG, number: '2', locale: 'en' }, EDITOR);
      expect((await getHadith(deps.stores, SLUG, '2', { viewer: READER })).translations).to.deep.equal({});
      const [entry] = await deps.stores.audit.list({ action: 'translation.delete' });
      expect(entry).to.deep.include({
        ...EDITOR,
        resource: `hadith/${SLUG}/2/translations/en`,
        before: { locale: 'en', text: 'Test hadith 2', updatedAt: '2026-02-01T00:00:00.000Z' },
        after: null,
      });
    });

    it('patches metadata and audits the whole hadith before and after', async () => {
      const deps = await setup(2);
      const before = await getHadith(deps.stores, SLUG, '1', { viewer: WRITER });
      const after = await patchHadithMetadata(
        deps,
        { collection: SLUG, number: '1', patch: { grade: 'Test grade', notes: 'Test note', narrator: null } },
        EDITOR,
      );
      expect(after).to.deep.equal({
        ...before,
        grade: 'Test grade',
        grades: [{ grade: 'Test grade', grader: null }],
        notes: 'Test note',
        narrator: null,
      });
      const [entry] = await deps.stores.audit.list({ action: 'metadata.patch' });
      expect(entry).to.deep.include({ ...EDITOR, resource: `hadith/${SLUG}/1`, before, after });
    });

    // The shapes of a patch (empty, unknown fields, wrong types) are the route schema's:
    // http-express/test/validation.test.ts.
    for (const [patch, code] of [
      [{ text_ar: 'Test' }, 'FORBIDDEN_LOCALE'],
      [{ published: false, text_ar: 'Test' }, 'FORBIDDEN_LOCALE'],
    ] as const) {
      it(`refuses the patch ${JSON.stringify(patch).slice(0, 60)} with ${code}, changing nothing`, async () => {
        const deps = await setup(1);
        const before = await getHadith(deps.stores, SLUG, '1', { viewer: WRITER });
        await failure(
          patchHadithMetadata(
            deps,
            { collection: SLUG, number: '1', patch: patch as unknown as HadithMetadataPatch },
            EDITOR,
          ),
          code,
        );
        expect(await getHadith(deps.stores, SLUG, '1', { viewer: WRITER })).to.deep.equal(before);
        expect(await deps.stores.audit.list({ action: 'metadata.patch' })).to.deep.equal([]);
      });
    }
  });

  describe('downloads', () => {
    it(
      'gives the public-domain text and null for the translator-credited edition, each entry with the ' + 'licence',
      async () => {
        const deps = await setup(3);
        await patchHadithMetadata(deps, { collection: SLUG, number: '2', patch: { published: false } }, EDITOR);
        const arabic = await downloadHadithEdition(deps.stores, SLUG, 'ar');
        expect(arabic).to.deep.equal(
          [1, 3].map((number) => ({
            collection: SLUG,
            number: String(number),
            sequence: number,
            attribution: 'Test attribution ar',
            license: 'Test licence ar',
            source_url: 'https://example.org/test/ar',
            text: `Test hadith ${number} (Arabic)`,
          })),
        );
        const english = await downloadHadithEdition(deps.stores, SLUG, 'en');
        expect(english.map((entry) => [entry.number, entry.text, entry.license])).to.deep.equal([
          ['1', null, 'Test licence en'],
          ['3', null, 'Test licence en'],
        ]);
      },
    );

    it('answers 404 for a language or collection without an edition', async () => {
      const { stores } = await setup(1);
      await failure(downloadHadithEdition(stores, SLUG, 'ru'), 'NOT_FOUND');
      await failure(downloadHadithEdition(stores, 'test-unknown', 'ar'), 'NOT_FOUND');
    });
  });
});
