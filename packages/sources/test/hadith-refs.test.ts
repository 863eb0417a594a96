import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, type HadithSourceCollection } from '@islamic-data/core';
import {
  HADITH_REFS_PLACES,
  hadithSourceLocations,
  joinHadithRefs,
  parseGrade,
  parseReference,
  readHadithRefs,
  readHadithSources,
} from '../src/index.js';

/** `<repoRoot>/../shared/data`, read at test time. */
const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data');
const REFS = path.join(SHARED, 'hadith-refs');
const raw = (folder: string, file: string) =>
  JSON.parse(readFileSync(path.join(REFS, 'Sunnah', folder, file), 'utf8').replace(/^\uFEFF/, '')) as {
    reference: string;
    arabic: string;
  }[];

describe('sources: hadith-refs (standard numbers and grades)', function () {
  this.timeout(120_000);

  describe('grades', () => {
    for (const [field, grade] of [
      ['Grade : Hasan Sahih (Al-Albani) حسن صحيح (الألباني) حكم :', 'Hasan Sahih (Al-Albani)'],
      ['Grade : Sahih (Darussalam)', 'Sahih (Darussalam)'],
      ["Grade : Da'if, (Darussalam)", "Da'if (Darussalam)"],
      ["Grade : Mawdu' (Fabricated) (Al-Albani) موضوع (الألباني) حكم :", "Mawdu' (Fabricated) (Al-Albani)"],
    ] as const) {
      it(`reads '${field.slice(0, 40)}' as ${grade}`, () => {
        const parsed = parseGrade(field);
        expect(parsed.kind).to.equal('grade');
        expect(parsed.kind === 'grade' && parsed.grade).to.equal(grade);
        expect(parsed.kind === 'grade' && parsed.grades).to.have.length(1);
      });
    }
    it('reads every grader of a field naming two, in order; grade is the first', () => {
      expect(parseGrade('Grade : Sahih (Al-Albani) Hasan (Darussalam)')).to.deep.equal({
        kind: 'grade',
        grade: 'Sahih (Al-Albani)',
        grades: [
          { grade: 'Sahih', grader: 'Al-Albani' },
          { grade: 'Hasan', grader: 'Darussalam' },
        ],
      });
      expect(parseGrade("Grade : Mawdu' (Fabricated) (Al-Albani)")).to.deep.include({
        grades: [{ grade: "Mawdu' (Fabricated)", grader: 'Al-Albani' }],
      });
    });
    for (const [field, kind] of [
      ['', 'none'],
      ['   ', 'none'],
      ['It was narrated that Test said: "Test."', 'not-a-grade'],
      ['Sahih al-Bukhari 52', 'not-a-grade'],
      ["Grade : 1: Da'if 2: Sahih (Al-Albani) (", 'unparsable'],
      ['Grade : Abu Test said: This Hadith is Hasan Sahih. (Darussalam)', 'unparsable'],
      ['Grade : Sahih', 'unparsable'],
      ['Grade : (Darussalam)', 'unparsable'],
      ['Grade : Sahih (Al-Albani) Hasan', 'unparsable'],
      ['Grade : Sahih (Al-Albani)Hasan (Darussalam)', 'unparsable'],
    ] as const) {
      it(`reads '${field}' as ${kind}`, () => {
        expect(parseGrade(field).kind).to.equal(kind);
      });
    }
  });

  describe('references', () => {
    it('reads the number as printed after the collection name, the citation and the in-book reference', () => {
      expect(
        parseReference(
          HADITH_REFS_PLACES.muslim!,
          9,
          'Reference : Sahih Muslim 8a In-book reference : Book 1, Hadith 1 USC-MSA web (English) ' +
            'reference : Book 1, Hadith 1 (deprecated numbering scheme)',
        ),
      ).to.deep.equal({ number: '8a', citation: 'Sahih Muslim 8a', inBook: { book: 1, hadith: 1 } });
      expect(
        parseReference(
          HADITH_REFS_PLACES.nasai!,
          3,
          "Reference : Sunan an-Nasa'i In-book reference : Book 6, Hadith 19",
        ),
      ).to.deep.equal({ number: null, citation: "Sunan an-Nasa'i", inBook: { book: 6, hadith: 19 } });
      expect(parseReference(HADITH_REFS_PLACES.qudsi40!, 4, 'Reference : Hadith 4, 40 Hadith Qudsi')).to.deep.equal({
        number: '4',
        citation: '40 Hadith Qudsi 4',
        inBook: null,
      });
      expect(
        parseReference(
          HADITH_REFS_PLACES.malik!,
          17,
          'USC-MSA web (English) reference : Book 2, Hadith 1 Arabic reference : Book 2, Hadith 33',
        ),
      ).to.deep.equal({ number: '17', citation: 'Muwatta Malik Book 2, Hadith 1', inBook: { book: 2, hadith: 1 } });
    });

    for (const reference of ['', 'Reference : Sahih al-Bukhari 52', 'Test', 'Reference : Hadith x, 40 Hadith Qudsi']) {
      it(`does not read the Muslim or forty reference '${reference}'`, () => {
        expect(parseReference(HADITH_REFS_PLACES.muslim!, 1, reference)).to.equal(undefined);
        if (reference.startsWith('Reference : Hadith'))
          expect(parseReference(HADITH_REFS_PLACES.qudsi40!, 1, reference)).to.equal(undefined);
      });
    }
  });

  describe('files over shared/data', () => {
    it("reads a collection in sunnah.com's order: introductions first, 35b after 35", async () => {
      const muslim = (await readHadithRefs(REFS, 'muslim'))!;
      expect(muslim[0]!.reference).to.equal(raw('muslim', 'introduction.json')[0]!.reference);
      const nasai = (await readHadithRefs(REFS, 'nasai'))!;
      const agriculture = raw('nasai', '35b_the_book_of_agriculture.json');
      const index = nasai.findIndex((record) => record.reference === agriculture[0]!.reference);
      expect(nasai[index - 1]!.reference).to.equal(
        raw('nasai', '035_the_book_of_oaths_and_vows.json').at(-1)!.reference,
      );
      const ibnmajah = (await readHadithRefs(REFS, 'ibnmajah'))!;
      expect(ibnmajah[0]!.reference).to.equal(raw('ibnmajah', 'the_book_of_the_sunnah.json')[0]!.reference);
      expect(await readHadithRefs(path.join(SHARED, 'hadith-json'), 'muslim')).to.equal(undefined);
    });

    it('finds both sources under the shared/data base, and only hadith-json elsewhere', async () => {
      expect(await hadithSourceLocations(SHARED)).to.deep.equal({
        json: path.join(SHARED, 'hadith-json'),
        refs: REFS,
      });
      expect(await hadithSourceLocations(path.join(SHARED, 'hadith-json'))).to.deep.equal({
        json: path.join(SHARED, 'hadith-json'),
        refs: null,
      });
    });

    it('joins qudsi40 and refuses a join whose counts differ or whose Arabic disagrees', async () => {
      const [qudsi] = await collect(readHadithSources(await hadithSourceLocations(SHARED), ['qudsi40']));
      expect(qudsi!.info.numbering).to.equal('sunnah.com');
      expect(qudsi!.report).to.deep.equal({
        disagreements: 0,
        unparsableReferences: 0,
        unparsableGrades: 0,
        notGrades: 0,
      });
      expect(qudsi!.hadiths.map((hadith) => hadith.number)).to.deep.equal(
        Array.from({ length: 40 }, (_, i) => String(i + 1)),
      );
      const records = (await readHadithRefs(REFS, 'qudsi40'))!;
      const plain: HadithSourceCollection = { ...qudsi!, info: { ...qudsi!.info, numbering: 'sequence' } };
      const short = await failure(() => joinHadithRefs(plain, records.slice(1)));
      expect(short.message).to.contain('39').and.to.contain('40');
      const shifted = records.map((record, i) => ({ ...record, arabic: records[(i + 1) % records.length]!.arabic }));
      expect((await failure(() => joinHadithRefs(plain, shifted))).message).to.contain('not aligned');
    });
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function failure(work: () => unknown): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}
