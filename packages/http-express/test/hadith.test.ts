import { importHadithCollection, type AuditEntry } from '@islamic-data/core';
import {
  gradeFieldText,
  hadithSourceLocations,
  parseGrade,
  readHadithRefs,
  readHadithSources,
} from '@islamic-data/sources';
import {
  HADITH_JSON_DIR,
  HADITH_JSON_README_COUNTS,
  HADITH_REFS_DIR,
  SHARED_DATA_DIR,
} from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app.js';

const API = '/api/v1';
const rawChapter = (group: string, slug: string, file: string) =>
  JSON.parse(readFileSync(path.join(HADITH_JSON_DIR, 'db/by_chapter', group, slug, file), 'utf8'));

/** Every record of one hadith-refs folder (or file of `forty/`), straight from the files. */
const rawRefs = (folder: string, file?: string): { reference: string; grade: string; arabic: string }[] =>
  (file ? [file] : readdirSync(path.join(HADITH_REFS_DIR, 'Sunnah', folder))).flatMap((name) =>
    JSON.parse(readFileSync(path.join(HADITH_REFS_DIR, 'Sunnah', folder, name), 'utf8').replace(/^\uFEFF/, '')),
  );
/** The letters of an Arabic text alone, as the test compares texts across sources. */
const letters = (text: string) => text.replace(/[^\u0621-\u063A\u0641-\u064A]/g, '');

describe('http: hadith (nine collections imported from shared/data)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let reader: string;
  let writer: string;
  let deleter: string;
  let quranOnly: string;
  let writerId: string;

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 100_000 });
    const locations = await hadithSourceLocations(SHARED_DATA_DIR);
    for await (const source of readHadithSources(locations)) await importHadithCollection(t.deps, source);
    ({ key: reader } = await t.issueKey({ name: 'Test reader', scopes: ['hadith'], permissions: ['read'] }));
    ({ key: writer, id: writerId } = await t.issueKey({
      name: 'Test writer',
      scopes: ['hadith'],
      permissions: ['read', 'write'],
    }));
    ({ key: deleter } = await t.issueKey({
      name: 'Test deleter',
      scopes: ['hadith'],
      permissions: ['read', 'write', 'delete'],
    }));
    ({ key: quranOnly } = await t.issueKey({
      name: 'Test quran',
      scopes: ['quran'],
      permissions: ['read', 'write', 'delete'],
    }));
  });
  after(async () => t.close());

  const get = (url: string, key: string | null = reader) => {
    const req = request(t.app).get(API + url);
    return key === null ? req : req.set('X-API-Key', key);
  };
  const auditEntries = async (): Promise<AuditEntry[]> =>
    (await t.deps.stores.audit.list()).filter(
      (entry) => entry.action !== 'import' && !entry.action.startsWith('keys.'),
    );

  /**
   * Runs a write and checks that it added exactly `expected` audit entries; returns the response
   * and the new entries.
   */
  async function audited(expected: number, write: () => Promise<request.Response>) {
    const before = (await auditEntries()).length;
    const response = await write();
    const entries = await auditEntries();
    expect(entries.length - before, `audit entries added by a ${response.status}`).to.equal(expected);
    return { response, entries: entries.slice(0, expected) };
  }

  const expectError = (response: request.Response, status: number, code: string) => {
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
    expect(response.body.error.code).to.equal(code);
  };

  describe('reads', () => {
    it('lists the nine collections with total = published hadiths (the README counts)', async () => {
      const response = await get('/hadith/collections');
      expect(response.status).to.equal(200);
      expect(response.body.data.map((c: { slug: string; total: number }) => [c.slug, c.total])).to.deep.equal(
        Object.entries(HADITH_JSON_README_COUNTS).map(([slug, counts]) => [slug, counts.records]),
      );
      const raw = rawChapter('the_9_books', 'bukhari', '1.json');
      expect(response.body.data[0]).to.deep.equal({
        slug: 'bukhari',
        name: raw.metadata.english.title,
        nameAr: raw.metadata.arabic.title,
        total: 7277,
        numbering: 'sunnah.com',
      });
      expect(response.body.data.find((c: { slug: string }) => c.slug === 'malik').numbering).to.equal('sequence');
      expect(response.headers['cache-control']).to.equal('private, max-age=0');
    });

    it('shows one collection, and 404 for an unknown one', async () => {
      expect((await get('/hadith/collections/qudsi40')).body.data).to.include({ slug: 'qudsi40', total: 40 });
      expectError(await get('/hadith/collections/test-unknown'), 404, 'NOT_FOUND');
    });

    it('needs a key with the hadith scope', async () => {
      expectError(await get('/hadith/collections', null), 401, 'MISSING_API_KEY');
      expectError(await get('/hadith/collections', quranOnly), 403, 'INSUFFICIENT_SCOPE');
    });

    for (const [slug, counts] of Object.entries(HADITH_JSON_README_COUNTS)) {
      it(
        `walks ${slug} with limit=100 and startAfter, each hadith once in sequence order, ending with ` +
          `nextStartAfter null`,
        async () => {
          const seen: { number: string; sequence: number }[] = [];
          let startAfter: string | null = null;
          let pages = 0;
          do {
            const query: string = startAfter === null ? '' : `&startAfter=${encodeURIComponent(startAfter)}`;
            const response = await get(`/hadith/collections/${slug}/hadiths?limit=100${query}`);
            expect(response.status, JSON.stringify(response.body)).to.equal(200);
            const { items, nextStartAfter } = response.body.data as {
              items: { number: string; sequence: number }[];
              nextStartAfter: string | null;
            };
            expect(items.length).to.be.within(1, 100);
            seen.push(...items);
            if (nextStartAfter !== null) expect(nextStartAfter).to.equal(items.at(-1)!.number);
            startAfter = nextStartAfter;
            pages++;
          } while (startAfter !== null);
          expect(pages).to.equal(Math.ceil(counts.records / 100));
          expect(seen.map((hadith) => hadith.sequence)).to.deep.equal(
            Array.from({ length: counts.records }, (_, i) => i + 1),
          );
          expect(new Set(seen.map((hadith) => hadith.number.toLowerCase())).size).to.equal(counts.records);
        },
      );
    }

    it('resolves every integer 1..7563 to exactly one Bukhari record, the one whose number covers it', async () => {
      const refs = Array.from({ length: 7563 }, (_, i) => `bukhari:${i + 1}`);
      const found: { ref: string; hadith: { number: string; sequence: number } | null }[] = [];
      for (let start = 0; start < refs.length; start += 100) {
        const response = await get(`/hadith/refs?translations=ru&refs=${refs.slice(start, start + 100).join(',')}`);
        expect(response.status, JSON.stringify(response.body)).to.equal(200);
        found.push(...response.body.data);
      }
      expect(found.map((entry) => entry.ref)).to.deep.equal(refs);
      const bySequence = new Map<number, number[]>();
      for (const [index, { hadith }] of found.entries()) {
        expect(hadith, refs[index]).not.to.equal(null);
        const covered = hadith!.number.split(/,\s*/).flatMap((part) => {
          const range = /^(\d+)-(\d+)$/.exec(part);
          return range
            ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i)
            : [Number.parseInt(part, 10)];
        });
        expect(covered, `${refs[index]} → ${hadith!.number}`).to.include(index + 1);
        bySequence.set(hadith!.sequence, [...(bySequence.get(hadith!.sequence) ?? []), index + 1]);
      }
      // Every record is reached but those cited only by a lettered number (`3228b`: its `3228` is another record's).
      const letteredOnly = rawRefs('bukhari').filter((entry) =>
        /^Reference : Sahih al-Bukhari \d+[a-z] In-book/.test(entry.reference),
      ).length;
      expect(letteredOnly).to.be.above(0);
      expect(bySequence.size).to.equal(HADITH_JSON_README_COUNTS.bukhari!.records - letteredOnly);
    });

    it('gives bukhari/hadiths/52 the record sunnah.com cites as Sahih al-Bukhari 52', async () => {
      const record = rawRefs('bukhari').filter((entry) =>
        /^Reference : Sahih al-Bukhari 52 In-book/.test(entry.reference),
      );
      expect(record).to.have.length(1);
      const hadith = (await get('/hadith/collections/bukhari/hadiths/52')).body.data;
      expect(hadith).to.deep.include({ number: '52' });
      expect(hadith.reference.citation).to.equal('Sahih al-Bukhari 52');
      const inBook = /In-book reference : Book (\d+), Hadith (\d+)/.exec(record[0]!.reference)!;
      expect(hadith.reference.inBook).to.deep.equal({ book: Number(inBook[1]), hadith: Number(inBook[2]) });
      expect(letters(hadith.text_ar)).to.equal(letters(record[0]!.arabic));
      expect(letters(hadith.text_ar)).to.have.length.above(100);
    });

    it(
      'resolves muslim/hadiths/8a, 8A and 8 to the record numbered 8a; a range or list from any number ' + 'it covers',
      async () => {
        const eightA = (await get('/hadith/collections/muslim/hadiths/8a')).body.data;
        expect(eightA).to.deep.include({ number: '8a' });
        expect(eightA.reference.citation).to.equal('Sahih Muslim 8a');
        for (const spelling of ['8A', '8', '%208a%20', '8%20a']) {
          const response = await get(`/hadith/collections/muslim/hadiths/${spelling}`);
          expect(response.status, spelling).to.equal(200);
          expect(response.body.data.sequence, spelling).to.equal(eightA.sequence);
        }
        const intro = (await get('/hadith/collections/muslim/hadiths/Introduction%2053')).body.data;
        expect(intro.number).to.equal('Introduction 53');
        expect((await get('/hadith/collections/muslim/hadiths/introduction53')).body.data.sequence).to.equal(
          intro.sequence,
        );
        const range = rawRefs('bukhari')
          .map((entry) => /^Reference : Sahih al-Bukhari (\d+)-(\d+) In-book/.exec(entry.reference))
          .find((match) => match !== null)!;
        const inside = Number(range[1]) + 1;
        expect((await get(`/hadith/collections/bukhari/hadiths/${inside}`)).body.data.number).to.equal(
          `${range[1]}-${range[2]}`,
        );
      },
    );

    it("names the repeated and missing numbers of an-Nasa'i uniquely, each resolving to its own record", async () => {
      const seen: { number: string; sequence: number; reference: { citation: string } }[] = [];
      for (let next: string | null = null, first = true; first || next !== null; first = false) {
        const query: string = next === null ? '' : `&startAfter=${encodeURIComponent(next)}`;
        const page = (await get(`/hadith/collections/nasai/hadiths?limit=100&translations=ru${query}`)).body.data;
        seen.push(...page.items);
        next = page.nextStartAfter;
      }
      const madeUnique = seen.filter((hadith) => /Book \d+, Hadith \d+/.test(hadith.number));
      expect(madeUnique).to.have.length(5);
      for (const hadith of madeUnique) {
        const response = await get(`/hadith/collections/nasai/hadiths/${encodeURIComponent(hadith.number)}`);
        expect(response.body.data.sequence, hadith.number).to.equal(hadith.sequence);
      }
    });

    it(
      'gives the grades as sunnah.com shows them: as many as the source has parseable, none of them ' + 'English prose',
      async () => {
        const graded: Record<string, number> = {};
        const grades = new Set<string>();
        for (const slug of Object.keys(HADITH_JSON_README_COUNTS)) {
          for (let next: string | null = null, first = true; first || next !== null; first = false) {
            const query: string = next === null ? '' : `&startAfter=${encodeURIComponent(next)}`;
            const page = (await get(`/hadith/collections/${slug}/hadiths?limit=100&translations=ru${query}`)).body.data;
            for (const hadith of page.items as { grade: string | null }[]) {
              if (hadith.grade === null) continue;
              graded[slug] = (graded[slug] ?? 0) + 1;
              grades.add(hadith.grade);
            }
            next = page.nextStartAfter;
          }
        }
        // The counts of grade fields in hadith-refs that read as a grade then its grader (README §4 counts the
        // `Grade :` fields: 4847 of Abu Dawud less 2 with remarks, Tirmidhi 3809 less 2; a few hold remarks, not
        // grades).
        expect(graded).to.deep.equal({ abudawud: 4845, tirmidhi: 3807, nasai: 5397, ibnmajah: 3626 });
        for (const grade of grades) {
          expect(grade).to.match(/ \((Al-Albani|Darussalam)\)$/);
          expect(grade.split(' ').length, grade).to.be.below(7);
          expect(grade).not.to.match(/narrated|said|Messenger|Allah|[:.";\d]/);
        }
      },
    );

    it('looks up several references at once with GET /hadith/refs, in order, null where none', async () => {
      const response = await get('/hadith/refs?refs=bukhari:52,muslim:8A,bukhari:7564,test-unknown:1,nawawi40:1');
      expect(response.status).to.equal(200);
      const data = response.body.data as { ref: string; hadith: { collection: string; number: string } | null }[];
      expect(
        data.map((entry) => [entry.ref, entry.hadith && `${entry.hadith.collection}:${entry.hadith.number}`]),
      ).to.deep.equal([
        ['bukhari:52', 'bukhari:52'],
        ['muslim:8A', 'muslim:8a'],
        ['bukhari:7564', null],
        ['test-unknown:1', null],
        ['nawawi40:1', 'nawawi40:1'],
      ]);
      for (const refs of [
        '',
        'bukhari',
        'bukhari:',
        ':52',
        'bukhari:52;1',
        Array.from({ length: 101 }, () => 'bukhari:1').join(','),
      ]) {
        const bad = await get(`/hadith/refs?refs=${refs}`);
        expectError(bad, 400, 'VALIDATION_ERROR');
        expect(bad.body.error.message).to.contain('refs');
      }
      expectError(await get('/hadith/refs'), 400, 'VALIDATION_ERROR');
      expectError(await get('/hadith/refs?refs=bukhari:1', null), 401, 'MISSING_API_KEY');
      expectError(await get('/hadith/refs?refs=bukhari:1', quranOnly), 403, 'INSUFFICIENT_SCOPE');
    });

    it('defaults to 20 per page from the start', async () => {
      const { items, nextStartAfter } = (await get('/hadith/collections/nawawi40/hadiths')).body.data;
      expect(items.map((item: { number: string }) => item.number)).to.deep.equal(
        Array.from({ length: 20 }, (_, i) => String(i + 1)),
      );
      expect(nextStartAfter).to.equal('20');
      const last = (await get('/hadith/collections/nawawi40/hadiths?startAfter=40')).body.data;
      expect(last).to.deep.include({ nextStartAfter: null });
      expect(last.items.map((item: { number: string }) => item.number)).to.deep.equal(['41', '42']);
      expect((await get('/hadith/collections/nawawi40/hadiths?startAfter=42')).body.data).to.deep.equal({
        items: [],
        nextStartAfter: null,
      });
    });

    for (const [query, parameter] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['startAfter=abc', 'startAfter'],
      ['startAfter=7564', 'startAfter'],
      ['startAfter=1%3B2', 'startAfter'],
      ['translations=EN', 'translations'],
    ]) {
      it(`answers ${query} with 400 naming ${parameter}`, async () => {
        const response = await get(`/hadith/collections/bukhari/hadiths?${query}`);
        expectError(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message).to.contain(parameter);
      });
    }

    it(
      'answers 404 for an unknown collection and for numbers no record covers, ' + '400 for a malformed number',
      async () => {
        expectError(await get('/hadith/collections/test-unknown/hadiths'), 404, 'NOT_FOUND');
        for (const number of ['7564', '0', '52z', 'abc', '1.5'])
          expectError(await get(`/hadith/collections/bukhari/hadiths/${number}`), 404, 'NOT_FOUND');
        expectError(await get('/hadith/collections/test-unknown/hadiths/1'), 404, 'NOT_FOUND');
        for (const number of ['1%3B2', 'x'.repeat(81), '%E2%9C%93']) {
          const response = await get(`/hadith/collections/bukhari/hadiths/${number}`);
          expectError(response, 400, 'VALIDATION_ERROR');
          expect(response.body.error.message).to.contain('number');
        }
        expect((await get('/hadith/collections/bukhari/hadiths/7563')).status).to.equal(200);
      },
    );

    it('gives a hadith its Arabic text, English translation, narrator and book as the source has them', async () => {
      const raw = rawChapter('the_9_books', 'bukhari', '1.json');
      const response = await get('/hadith/collections/bukhari/hadiths/1');
      const ref = /^Reference : (Sahih al-Bukhari (\d+)) In-book reference : Book (\d+), Hadith (\d+)/.exec(
        rawRefs('bukhari', '001_revelation.json')[0]!.reference,
      )!;
      expect(response.body.data).to.deep.equal({
        collection: 'bukhari',
        number: ref[2],
        sequence: 1,
        reference: { citation: ref[1], inBook: { book: Number(ref[3]), hadith: Number(ref[4]) } },
        text_ar: raw.hadiths[0].arabic,
        translations: { en: raw.hadiths[0].english.text },
        narrator: raw.hadiths[0].english.narrator,
        grade: null,
        tags: [],
        notes: null,
        published: true,
        book: { number: 1, nameEn: raw.chapter.english, nameAr: raw.chapter.arabic },
        grades: [],
      });
      expect((await get('/hadith/collections/bukhari/hadiths/1?translations=ru')).body.data.translations).to.deep.equal(
        {},
      );
    });

    it("gives the fractional book number of an-Nasa'i's Book of Agriculture", async () => {
      const chapters = Array.from({ length: 35 }, (_, i) => rawChapter('the_9_books', 'nasai', `${i + 1}.json`));
      const firstOf352 = chapters.reduce((sum, chapter) => sum + chapter.hadiths.length, 0) + 1;
      const raw = rawChapter('the_9_books', 'nasai', '35b.json');
      const cited = /^Reference : Sunan an-Nasa'i (\S+) In-book/.exec(
        rawRefs('nasai', '35b_the_book_of_agriculture.json')[0]!.reference,
      )![1];
      const hadith = (await get(`/hadith/collections/nasai/hadiths/${cited}`)).body.data;
      expect(hadith.sequence).to.equal(firstOf352);
      expect(hadith.book).to.deep.equal({ number: 35.2, nameEn: raw.chapter.english, nameAr: raw.chapter.arabic });
      expect(hadith.text_ar).to.equal(raw.hadiths[0].arabic);
    });

    it('gives text_ar null where Malik has no Arabic', async () => {
      const page = (await get('/hadith/collections/malik/hadiths?limit=100')).body.data;
      const all = [...page.items];
      for (let next = page.nextStartAfter; next !== null;) {
        const more = (await get(`/hadith/collections/malik/hadiths?limit=100&startAfter=${next}`)).body.data;
        all.push(...more.items);
        next = more.nextStartAfter;
      }
      expect(all.filter((hadith: { text_ar: string | null }) => hadith.text_ar === null)).to.have.length(125);
    });
  });

  describe('books and grades (CONTRACT §21)', () => {
    interface Listed {
      number: string;
      sequence: number;
      book: { number: number } | null;
      grade: string | null;
      grades: { grade: string; grader: string | null }[];
    }
    interface Book {
      number: number;
      nameEn: string;
      nameAr: string;
      firstNumber: string;
      lastNumber: string;
      count: number;
    }

    /** Every hadith of a book, following its cursor to the end. */
    async function bookHadiths(slug: string, book: number): Promise<Listed[]> {
      const all: Listed[] = [];
      for (let next: string | null = null, first = true; first || next !== null; first = false) {
        const query: string = next === null ? '' : `&startAfter=${encodeURIComponent(next)}`;
        const response = await get(
          `/hadith/collections/${slug}/books/${book}/hadiths?limit=100&translations=ru${query}`,
        );
        expect(response.status, `${slug} book ${book}`).to.equal(200);
        all.push(...response.body.data.items);
        next = response.body.data.nextStartAfter;
      }
      return all;
    }

    it(
      'covers every hadith of each of the nine collections exactly once, in order, book by book; every grades ' +
        'list reads back as the source’s grade text',
      async () => {
        for (const [slug, { records: count }] of Object.entries(HADITH_JSON_README_COUNTS)) {
          const response = await get(`/hadith/collections/${slug}/books`);
          expect(response.status).to.equal(200);
          const books = response.body.data as Book[];
          expect(books.map((book) => book.number)).to.deep.equal(
            [...books.map((book) => book.number)].sort((a, b) => a - b),
          );
          const records = (await readHadithRefs(HADITH_REFS_DIR, slug))!;
          const sequences: number[] = [];
          for (const book of books) {
            const hadiths = await bookHadiths(slug, book.number);
            expect(hadiths.length, `${slug} book ${book.number}`).to.equal(book.count);
            expect(hadiths[0]!.number).to.equal(book.firstNumber);
            expect(hadiths.at(-1)!.number).to.equal(book.lastNumber);
            for (const hadith of hadiths) {
              expect(hadith.book?.number).to.equal(book.number);
              sequences.push(hadith.sequence);
              const source = parseGrade(records[hadith.sequence - 1]!.grade);
              if (hadith.grades.length === 0) {
                expect(hadith.grade).to.equal(null);
                continue;
              }
              expect(source.kind, `${slug} ${hadith.number}`).to.equal('grade');
              const written = hadith.grades.map(({ grade, grader }) => `${grade} (${grader})`).join(' ');
              expect(written).to.equal(gradeFieldText(records[hadith.sequence - 1]!.grade)!.replace(/, \(/g, ' ('));
              expect(hadith.grade).to.equal(`${hadith.grades[0]!.grade} (${hadith.grades[0]!.grader})`);
            }
          }
          expect(sequences, slug).to.deep.equal(Array.from({ length: count }, (_, i) => i + 1));
        }
      },
    );

    it("lists Bukhari's book 1 with its hadiths under their standard numbers", async () => {
      const raw = rawChapter('the_9_books', 'bukhari', '1.json');
      const standard = rawRefs('bukhari', '001_revelation.json').map(
        (record) => /^Reference : Sahih al-Bukhari (\S+) In-book/.exec(record.reference)![1],
      );
      const [book] = (await get('/hadith/collections/bukhari/books')).body.data as Book[];
      expect(book).to.deep.equal({
        number: 1,
        nameEn: raw.chapter.english,
        nameAr: raw.chapter.arabic,
        firstNumber: standard[0],
        lastNumber: standard.at(-1),
        count: raw.hadiths.length,
      });
      const hadiths = await bookHadiths('bukhari', 1);
      expect(hadiths.map((hadith) => hadith.number)).to.deep.equal(standard);
      const page = (await get('/hadith/collections/bukhari/books/1/hadiths?limit=3')).body.data;
      expect(page.items.map((hadith: Listed) => hadith.number)).to.deep.equal(standard.slice(0, 3));
      expect(page.nextStartAfter).to.equal(standard[2]);
    });

    it("pages an-Nasa'i's book 35.2 and the introduction (book 0) of Muslim", async () => {
      const agriculture = rawChapter('the_9_books', 'nasai', '35b.json');
      expect(await bookHadiths('nasai', 35.2)).to.have.length(agriculture.hadiths.length);
      const introduction = rawChapter('the_9_books', 'muslim', 'introduction.json');
      expect(await bookHadiths('muslim', 0)).to.have.length(introduction.hadiths.length);
    });

    it('gives Tirmidhi 2376 both graders the source names, in order, and grade the first', async () => {
      const hadith = (await get('/hadith/collections/tirmidhi/hadiths/2376')).body.data;
      const record = rawRefs('tirmidhi').find((candidate) => / at-Tirmidhi 2376 In-book/.test(candidate.reference))!;
      expect(gradeFieldText(record.grade)).to.equal('Sahih (Al-Albani) Hasan (Darussalam)');
      expect(hadith.grades).to.deep.equal([
        { grade: 'Sahih', grader: 'Al-Albani' },
        { grade: 'Hasan', grader: 'Darussalam' },
      ]);
      expect(hadith.grade).to.equal('Sahih (Al-Albani)');
    });

    for (const [url, status, code] of [
      ['/hadith/collections/test-unknown/books', 404, 'NOT_FOUND'],
      ['/hadith/collections/bukhari/books/999/hadiths', 404, 'NOT_FOUND'],
      ['/hadith/collections/test-unknown/books/1/hadiths', 404, 'NOT_FOUND'],
      ['/hadith/collections/bukhari/books/one/hadiths', 400, 'VALIDATION_ERROR'],
      ['/hadith/collections/bukhari/books/1/hadiths?limit=0', 400, 'VALIDATION_ERROR'],
      ['/hadith/collections/bukhari/books/1/hadiths?startAfter=99999', 400, 'VALIDATION_ERROR'],
    ] as const) {
      it(`answers ${url} with ${status} ${code}`, async () => {
        expectError(await get(url), status, code);
      });
    }

    it('needs a key for the books', async () => {
      expectError(await get('/hadith/collections/bukhari/books', null), 401, 'MISSING_API_KEY');
    });

    it("shows an editor's grade alone in grades, and the source's graders again once grade is theirs", async () => {
      const patch = (grade: string) =>
        request(t.app)
          .patch(`${API}/hadith/collections/tirmidhi/hadiths/2376`)
          .set('X-API-Key', writer)
          .send({ grade });
      expect((await patch('Test grade (Test-Grader)')).status).to.equal(200);
      const edited = (await get('/hadith/collections/tirmidhi/hadiths/2376')).body.data;
      expect(edited.grades).to.deep.equal([{ grade: 'Test grade', grader: 'Test-Grader' }]);
      expect((await patch('Sahih (Al-Albani)')).status).to.equal(200);
      expect((await get('/hadith/collections/tirmidhi/hadiths/2376')).body.data.grades).to.have.length(2);
    });
  });

  describe('random and daily (CONTRACT §21)', () => {
    it('never answers hadith/random?maxLength=300 with a longer Arabic text, and varies', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 60; i++) {
        const response = await get('/hadith/random?maxLength=300');
        expect(response.status).to.equal(200);
        const hadith = response.body.data as { collection: string; number: string; text_ar: string | null };
        expect(hadith.text_ar).to.be.a('string');
        expect([...hadith.text_ar!].length, `${hadith.collection} ${hadith.number}`).to.be.at.most(300);
        seen.add(`${hadith.collection}:${hadith.number}`);
      }
      expect(seen.size).to.be.above(10);
      const inMalik = (await get('/hadith/random?collection=malik&maxLength=200&translations=en')).body.data;
      expect(inMalik.collection).to.equal('malik');
      expect([...inMalik.text_ar].length).to.be.at.most(200);
    });

    it('answers 404 below the shortest Arabic text, and only the shortest at its length', async () => {
      const texts = (
        await Promise.all(
          Object.keys(HADITH_JSON_README_COUNTS).map(async (slug) =>
            (await t.deps.stores.hadith.listPublishedTexts(slug, 'ar')).map((text) => ({ slug, ...text })),
          ),
        )
      ).flat();
      const shortest = Math.min(...texts.map((text) => text.text.length));
      expectError(await get(`/hadith/random?maxLength=${shortest - 1}`), 404, 'NOT_FOUND');
      const allowed = new Set(
        texts.filter((text) => text.text.length === shortest).map((text) => `${text.slug}:${text.number}`),
      );
      for (let i = 0; i < 5; i++) {
        const hadith = (await get(`/hadith/random?maxLength=${shortest}`)).body.data;
        expect(allowed.has(`${hadith.collection}:${hadith.number}`)).to.equal(true);
      }
    });

    for (const [query, status, code] of [
      ['maxLength=0', 400, 'VALIDATION_ERROR'],
      ['maxLength=abc', 400, 'VALIDATION_ERROR'],
      ['collection=test-unknown', 404, 'NOT_FOUND'],
    ] as const) {
      it(`answers hadith/random?${query} with ${status}`, async () => {
        expectError(await get(`/hadith/random?${query}`), status, code);
      });
    }

    it('gives the same hadith of the day for a date, to every key, and another on another date', async () => {
      const first = (await get('/hadith/hadith-of-the-day?date=2026-03-20')).body.data;
      expect(first.date).to.equal('2026-03-20');
      expect((await get('/hadith/hadith-of-the-day?date=2026-03-20', writer)).body.data).to.deep.equal(first);
      const days = await Promise.all(
        ['2026-03-21', '2026-03-22', '2026-03-23'].map(
          async (date) => (await get(`/hadith/hadith-of-the-day?date=${date}`)).body.data.hadith,
        ),
      );
      expect(
        new Set([first.hadith, ...days].map((hadith) => `${hadith.collection}:${hadith.number}`)).size,
      ).to.be.above(1);
      const nawawi = (await get('/hadith/hadith-of-the-day?date=2026-03-20&collection=nawawi40')).body.data;
      expect(nawawi.hadith.collection).to.equal('nawawi40');
      expect((await get('/hadith/hadith-of-the-day')).status).to.equal(200);
      for (const date of ['2026-02-30', '20260320', 'today'])
        expectError(await get(`/hadith/hadith-of-the-day?date=${date}`), 400, 'VALIDATION_ERROR');
    });
  });

  describe('downloads (open)', () => {
    it('gives every Bukhari hadith with its Arabic text, the public-domain licence on every entry', async () => {
      const response = await request(t.app).get(`${API}/translations/hadith/bukhari/ar`);
      expect(response.status).to.equal(200);
      expect(response.headers['cache-control']).to.equal('public, max-age=3600');
      const entries = response.body.data as {
        number: string;
        sequence: number;
        text: string | null;
        attribution: string;
        license: string;
        source_url: string;
      }[];
      expect(entries.map((entry) => entry.sequence)).to.deep.equal(Array.from({ length: 7277 }, (_, i) => i + 1));
      expect(new Set(entries.map((entry) => entry.number)).size).to.equal(7277);
      const edition = (await t.deps.stores.editions.get('hadith', 'bukhari', 'ar'))!;
      for (const entry of entries) {
        expect(entry.text).to.be.a('string').and.not.equal('');
        expect(entry).to.include({
          collection: 'bukhari',
          attribution: edition.attribution,
          license: edition.license,
          source_url: edition.sourceUrl,
        });
      }
      expect(entries[0]!.text).to.equal(rawChapter('the_9_books', 'bukhari', '1.json').hadiths[0].arabic);
    });

    it('gives the English Bukhari with text null and attribution, licence and source URL on every entry', async () => {
      const entries = (await request(t.app).get(`${API}/translations/hadith/bukhari/en`)).body.data as Record<
        string,
        unknown
      >[];
      expect(entries).to.have.length(7277 - HADITH_JSON_README_COUNTS.bukhari!.emptyEnglish);
      for (const entry of entries) {
        expect(entry.text).to.equal(null);
        for (const field of ['attribution', 'license', 'source_url'])
          expect(entry[field]).to.be.a('string').and.not.equal('');
      }
      expect(entries[0]!.source_url).to.equal('https://sunnah.com/bukhari');
      expect(String(entries[0]!.attribution)).to.contain('sunnah.com').and.contain('hadith-json');
    });

    it('answers 404 for a collection or language without an edition', async () => {
      expectError(await request(t.app).get(`${API}/translations/hadith/test-unknown/ar`), 404, 'NOT_FOUND');
      expectError(await request(t.app).get(`${API}/translations/hadith/bukhari/ru`), 404, 'NOT_FOUND');
    });

    it('lists the Arabic and English edition of each collection in GET /translations', async () => {
      const entries = (await request(t.app).get(`${API}/translations`)).body.data as {
        resource: string;
        collection: string;
        lang: string;
        path: string;
        publicDomain: boolean;
      }[];
      const hadith = entries.filter((entry) => entry.resource === 'hadith');
      expect(hadith).to.have.length(18);
      expect(hadith.find((entry) => entry.collection === 'bukhari' && entry.lang === 'ar')).to.include({
        publicDomain: true,
        path: '/api/v1/translations/hadith/bukhari/ar',
      });
      expect(hadith.find((entry) => entry.collection === 'bukhari' && entry.lang === 'en')).to.include({
        publicDomain: false,
      });
    });
  });

  describe('writes', () => {
    const translationUrl = (locale: string, number = 1, collection = 'qudsi40') =>
      `${API}/hadith/collections/${collection}/hadiths/${number}/translations/${locale}`;
    const put = (url: string, body: unknown, key = writer) =>
      request(t.app)
        .put(url)
        .set('X-API-Key', key)
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body));
    const patch = (number: number, body: unknown, key = writer, collection = 'qudsi40') =>
      request(t.app)
        .patch(`${API}/hadith/collections/${collection}/hadiths/${number}`)
        .set('X-API-Key', key)
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body));

    it('creates (201) and replaces (200) a translation, each audited; repeating it (200) writes no entry', async () => {
      const created = await audited(1, () => put(translationUrl('ru'), { text: 'Test перевод 1' }));
      expect(created.response.status).to.equal(201);
      const stored = created.response.body.data;
      expect(stored).to.include({ locale: 'ru', text: 'Test перевод 1' });
      expect(Date.parse(stored.updatedAt)).to.be.a('number').and.not.NaN;
      expect(created.entries[0]).to.deep.include({
        keyId: writerId,
        keyName: 'Test writer',
        action: 'translation.put',
        resource: 'hadith/qudsi40/1/translations/ru',
        before: null,
        after: stored,
      });

      const repeated = await audited(0, () => put(translationUrl('ru'), { text: 'Test перевод 1' }));
      expect(repeated.response.status).to.equal(200);
      expect(repeated.response.body.data).to.deep.equal(stored);

      const replaced = await audited(1, () => put(translationUrl('ru'), { text: 'Test перевод 1b' }));
      expect(replaced.response.status).to.equal(200);
      expect(replaced.entries[0]).to.deep.include({ before: stored, after: replaced.response.body.data });
      expect((await get('/hadith/collections/qudsi40/hadiths/1')).body.data.translations).to.include({
        ru: 'Test перевод 1b',
      });
    });

    it('replaces the imported English translation with 200', async () => {
      const { response } = await audited(1, () => put(translationUrl('en', 2), { text: 'Test English 2' }));
      expect(response.status).to.equal(200);
      expect((await get('/hadith/collections/qudsi40/hadiths/2')).body.data.translations.en).to.equal('Test English 2');
    });

    it('refuses the Arabic locale with 403 FORBIDDEN_LOCALE before reading the body', async () => {
      for (const locale of ['ar', 'ar-eg']) {
        expectError(
          (await audited(0, () => put(translationUrl(locale), { text: 'Test' }))).response,
          403,
          'FORBIDDEN_LOCALE',
        );
        expectError(
          (await audited(0, () => put(translationUrl(locale), '{not json'))).response,
          403,
          'FORBIDDEN_LOCALE',
        );
      }
    });

    it('refuses a read-only key (INSUFFICIENT_PERMISSION) and a quran-only key (INSUFFICIENT_SCOPE)', async () => {
      expectError(
        (await audited(0, () => put(translationUrl('ru'), { text: 'Test' }, reader))).response,
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectError(
        (await audited(0, () => put(translationUrl('ru'), { text: 'Test' }, quranOnly))).response,
        403,
        'INSUFFICIENT_SCOPE',
      );
      expectError(
        (await audited(0, () => patch(1, { grade: 'Test' }, reader))).response,
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectError((await audited(0, () => patch(1, { grade: 'Test' }, quranOnly))).response, 403, 'INSUFFICIENT_SCOPE');
    });

    it('refuses a body that is not JSON with 400 INVALID_JSON', async () => {
      expectError((await audited(0, () => put(translationUrl('ru'), '{"text": '))).response, 400, 'INVALID_JSON');
      expectError((await audited(0, () => patch(1, '{grade'))).response, 400, 'INVALID_JSON');
    });

    for (const body of [
      { text: '' },
      { text: '   ' },
      { text: 5 },
      {},
      { text: 'Test', extra: 1 },
      { text: 'x'.repeat(50_001) },
      ['Test'],
    ]) {
      it(`refuses the translation body ${JSON.stringify(body).slice(0, 40)} with 400 VALIDATION_ERROR`, async () => {
        expectError((await audited(0, () => put(translationUrl('ru'), body))).response, 400, 'VALIDATION_ERROR');
      });
    }

    it('answers 404 for a translation of a hadith that does not exist, auditing nothing', async () => {
      expectError((await audited(0, () => put(translationUrl('ru', 41), { text: 'Test' }))).response, 404, 'NOT_FOUND');
      expectError(
        (await audited(0, () => put(translationUrl('ru', 1, 'test-unknown'), { text: 'Test' }))).response,
        404,
        'NOT_FOUND',
      );
      expectError((await audited(0, () => patch(41, { grade: 'Test' }))).response, 404, 'NOT_FOUND');
    });

    it('patches metadata, answering and auditing the whole hadith', async () => {
      const before = (await get('/hadith/collections/qudsi40/hadiths/3', writer)).body.data;
      const body = { narrator: 'Test narrator', grade: 'Test grade', tags: ['test-a', 'test-b'], notes: 'Test note' };
      const { response, entries } = await audited(1, () => patch(3, body));
      expect(response.status).to.equal(200);
      expect(response.body.data).to.deep.equal({
        ...before,
        ...body,
        grades: [{ grade: 'Test grade', grader: null }],
      });
      expect(entries[0]).to.deep.include({
        keyId: writerId,
        keyName: 'Test writer',
        action: 'metadata.patch',
        resource: 'hadith/qudsi40/3',
        before,
        after: response.body.data,
      });
      const cleared = await audited(1, () => patch(3, { narrator: null, notes: null }));
      expect(cleared.response.body.data).to.include({ narrator: null, notes: null, grade: 'Test grade' });
    });

    for (const [body, status, code] of [
      [{ text_ar: 'Test' }, 403, 'FORBIDDEN_LOCALE'],
      [{ grade: 'Test', text_ar: 'Test' }, 403, 'FORBIDDEN_LOCALE'],
      [{}, 400, 'VALIDATION_ERROR'],
      [{ title: 'Test' }, 400, 'VALIDATION_ERROR'],
      [{ published: 'false' }, 400, 'VALIDATION_ERROR'],
      [{ tags: 'test' }, 400, 'VALIDATION_ERROR'],
      [{ tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }, 400, 'VALIDATION_ERROR'],
      [{ narrator: 5 }, 400, 'VALIDATION_ERROR'],
      [{ grade: '' }, 400, 'VALIDATION_ERROR'],
      [{ notes: ['x'] }, 400, 'VALIDATION_ERROR'],
    ] as const) {
      it(`refuses the patch ${JSON.stringify(body).slice(0, 50)} with ${status} ${code}`, async () => {
        expectError((await audited(0, () => patch(4, body))).response, status, code);
      });
    }

    it('hides an unpublished hadith from read-only keys, totals and downloads, and shows it to writers', async () => {
      const totalBefore = (await get('/hadith/collections/qudsi40')).body.data.total;
      await audited(1, () => patch(5, { published: false }));
      expectError(await get('/hadith/collections/qudsi40/hadiths/5'), 404, 'NOT_FOUND');
      expect((await get('/hadith/collections/qudsi40/hadiths/5', writer)).body.data.published).to.equal(false);
      expect((await get('/hadith/collections/qudsi40')).body.data.total).to.equal(totalBefore - 1);
      const readerPage = (await get('/hadith/collections/qudsi40/hadiths?startAfter=4&limit=2')).body.data.items.map(
        (h: { number: string }) => h.number,
      );
      expect(readerPage).to.deep.equal(['6', '7']);
      const writerPage = (
        await get('/hadith/collections/qudsi40/hadiths?startAfter=4&limit=2', writer)
      ).body.data.items.map((h: { number: string }) => h.number);
      expect(writerPage).to.deep.equal(['5', '6']);
      for (const lang of ['ar', 'en']) {
        const numbers = (await request(t.app).get(`${API}/translations/hadith/qudsi40/${lang}`)).body.data.map(
          (entry: { number: string }) => entry.number,
        );
        expect(numbers).to.have.length(39);
        expect(numbers).not.to.include('5');
      }
      await audited(1, () => patch(5, { published: true }));
      expect((await get('/hadith/collections/qudsi40')).body.data.total).to.equal(totalBefore);
    });

    it('deletes a translation with the delete permission (204), audited, and 404 when there is none', async () => {
      await put(translationUrl('tr', 6), { text: 'Test çeviri 6' });
      expectError(
        (await audited(0, () => request(t.app).delete(translationUrl('tr', 6)).set('X-API-Key', writer))).response,
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectError(
        (await audited(0, () => request(t.app).delete(translationUrl('ar', 6)).set('X-API-Key', deleter))).response,
        403,
        'FORBIDDEN_LOCALE',
      );
      const { response, entries } = await audited(1, () =>
        request(t.app).delete(translationUrl('tr', 6)).set('X-API-Key', deleter),
      );
      expect(response.status).to.equal(204);
      expect(response.text).to.equal('');
      expect(entries[0]).to.deep.include({
        keyName: 'Test deleter',
        action: 'translation.delete',
        resource: 'hadith/qudsi40/6/translations/tr',
        after: null,
      });
      expect((entries[0]!.before as { text: string }).text).to.equal('Test çeviri 6');
      expectError(
        (await audited(0, () => request(t.app).delete(translationUrl('tr', 6)).set('X-API-Key', deleter))).response,
        404,
        'NOT_FOUND',
      );
    });

    it('carries no CORS headers on writes', async () => {
      const response = await put(translationUrl('ru', 7), { text: 'Test перевод 7' }).set(
        'Origin',
        'https://example.org',
      );
      expect(response.status).to.equal(201);
      expect(response.headers).not.to.have.property('access-control-allow-origin');
    });
  });
});
