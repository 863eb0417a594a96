import {
  importQuran,
  importQuranWords,
  importScriptText,
  importSurahFacts,
  QURAN_WORD_COUNT,
  type QuranWord,
} from '@islamic-data/core';
import { readCorpusWords, readTanzilMetadata, readTanzilSimple } from '@islamic-data/sources';
import { SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expectErrorEnvelope, quranJsonSource, startTestApp, type TestApp } from './test-app.js';

const CORPUS = path.join(SHARED_DATA_DIR, 'quran-corpus/src/main/resources/data');
const read = (file: string) => readFileSync(file, 'utf8');
const corpusFiles = () => ({
  uthmani: read(path.join(CORPUS, 'quran-uthmani.xml')),
  morphology: read(path.join(CORPUS, 'morphology.txt')),
  glosses: read(path.join(CORPUS, 'translation/word-by-word.txt')),
});
const SIMPLE = path.join(SHARED_DATA_DIR, 'quran-text-simple/quran-simple.txt');
const METADATA = path.join(SHARED_DATA_DIR, 'quran-metadata/data/quran-data.xml');
/** The lines of a corpus file, as the data README counts them (LF, a final newline). */
const lines = (file: string) => read(path.join(CORPUS, file)).replace(/\n$/, '').split('\n');

/** Letters alone, alef and hamza seats as one, ya forms as one: how the two Uthmani texts are compared. */
const letters = (text: string) =>
  text
    .replace(/[آأإٱء]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/[^\u0621-\u063A\u0641-\u064A]/g, '')
    .replace(/اا/g, 'ا');

/** README "Quran words": the ayahs whose letters differ between the corpus and the served text (spelling). */
const LETTERS_DIFFER = [
  '10:15', '12:39', '12:41', '16:90', '20:130', '24:11', '28:30', '30:8',
  '30:16', '35:43', '42:51', '52:21', '56:23', '70:38', '74:52', '80:37',
]; // prettier-ignore
/** README "Quran words": the ayahs the two texts divide into a different number of words. */
const WORD_COUNTS_DIFFER = ['2:72', '2:181', '8:6', '13:37', '15:7', '27:20', '36:22', '37:130', '37:164', '41:47'];

interface Word {
  position: number;
  text_ar: string;
  gloss: { en: string };
  root: string | null;
  lemma: string | null;
  pos: string;
  features: string;
}

describe('http: Quran words, roots, lemmas, surah facts and the Imla’ei script (CONTRACT §21)', function () {
  this.timeout(300_000);
  let t: TestApp;
  let reader: string;
  let corpusWords: QuranWord[];
  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    await importQuran(t.deps, await quranJsonSource());
    corpusWords = readCorpusWords(corpusFiles());
    expect((await importQuranWords(t.deps, corpusWords)).changed).to.equal(true);
    expect((await importSurahFacts(t.deps, readTanzilMetadata(read(METADATA)))).changed).to.equal(true);
    expect((await importScriptText(t.deps, 'imlaei', readTanzilSimple(read(SIMPLE)))).changed).to.equal(true);
    reader = (await t.issueKey({ scopes: ['quran'], permissions: ['read'] })).key;
  });
  after(async () => t.close());

  const get = (url: string) => request(t.app).get(`/api/v1${url}`).set('X-API-Key', reader);

  describe('words', () => {
    it('gives 1:1 its four words with the glosses of the corpus’s first four lines, credited', async () => {
      const response = await get('/quran/surahs/1/ayahs/1?words=true');
      expect(response.status).to.equal(200);
      const words = response.body.data.words as Word[];
      const glosses = lines('translation/word-by-word.txt');
      const morphology = lines('morphology.txt');
      expect(words.map((word) => word.position)).to.deep.equal([1, 2, 3, 4]);
      expect(words.map((word) => word.gloss.en)).to.deep.equal(glosses.slice(0, 4));
      expect(words.map((word) => word.features)).to.deep.equal(morphology.slice(0, 4));
      expect(words[2]!.root).to.equal(/ROOT:(\S+)/.exec(morphology[2]!)![1]);
      expect(words[2]!.lemma).to.equal(/LEM:(\S+)/.exec(morphology[2]!)![1]);
      expect(response.body.data.wordsCredit.source_url).to.contain('corpus.quran.com');
      expect(response.body.data.wordsCredit.license).to.contain('GNU General Public License');
    });

    it('gives 2:255 fifty words numbered 1..50, and no words unless asked', async () => {
      const words = (await get('/quran/surahs/2/ayahs/255?words=true')).body.data.words as Word[];
      expect(words).to.have.length(50);
      expect(words.map((word) => word.position)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
      const plain = (await get('/quran/surahs/2/ayahs/255')).body.data;
      expect(plain).not.to.have.any.keys('words', 'wordsCredit');
      expect((await get('/quran/surahs/2/ayahs/255?words=false')).body.data).not.to.have.any.keys('words');
    });

    it('gives words on a surah and a page read, each ayah its own', async () => {
      const surah = (await get('/quran/surahs/1/ayahs?words=true')).body.data as { words: Word[] }[];
      expect(surah.reduce((sum, ayah) => sum + ayah.words.length, 0)).to.equal(29);
      const page = (await get('/quran/pages/604?words=true')).body.data as { key: string; words: Word[] }[];
      const expected = corpusWords.filter((word) => word.surah >= 112).length;
      expect(page.reduce((sum, ayah) => sum + ayah.words.length, 0)).to.equal(expected);
    });

    it('numbers 37:130 as the corpus does: three words, the two-part name one word', async () => {
      const words = (await get('/quran/surahs/37/ayahs/130?words=true')).body.data.words as Word[];
      expect(words).to.have.length(3);
      expect(words[2]!.text_ar).to.contain(' ');
      expect(words[2]!.gloss.en).to.equal(lines('translation/word-by-word.txt')[58_037]);
    });

    it(
      'serves the corpus’s own Uthmani words: verbatim Tanzil 1.0.2, the letters of the served text but ' +
        'not its marks (README)',
      async () => {
        const xml = read(path.join(CORPUS, 'quran-uthmani.xml'));
        const byAyah = new Map<string, string[]>();
        for (const word of corpusWords) {
          const key = `${word.surah}:${word.ayah}`;
          byAyah.set(key, [...(byAyah.get(key) ?? []), word.textAr]);
        }
        const served = (await quranJsonSource()).arabic.texts;
        const lettersDiffer: string[] = [];
        const countsDiffer: string[] = [];
        let marksDiffer = 0;
        for (const ayah of served) {
          const key = `${ayah.surah}:${ayah.ayah}`;
          const words = byAyah.get(key)!;
          // Verbatim: the words joined by spaces are the corpus's aya text.
          expect(xml, key).to.contain(`text="${words.join(' ')}"`);
          if (words.join(' ') !== ayah.text) marksDiffer++;
          if (letters(words.join('')) !== letters(ayah.text)) lettersDiffer.push(key);
          const servedWords = ayah.text.split(/\s+/).filter((part) => /[\u0621-\u064A]/.test(part));
          if (servedWords.length !== words.length) countsDiffer.push(key);
        }
        expect(marksDiffer).to.be.above(6000);
        expect(lettersDiffer).to.deep.equal(LETTERS_DIFFER);
        expect(countsDiffer).to.deep.equal(WORD_COUNTS_DIFFER);
        const api = (await get('/quran/surahs/12/ayahs/39?words=true')).body.data;
        expect(api.words.map((word: Word) => word.text_ar).join(' ')).to.equal(byAyah.get('12:39')!.join(' '));
        expect(api.text_ar).to.equal(served.find((ayah) => ayah.surah === 12 && ayah.ayah === 39)!.text);
      },
    );

    for (const query of ['words=yes', 'words=1x', 'script=naskh', 'script=']) {
      it(`answers ?${query} with 400 naming the parameter`, async () => {
        const response = await get(`/quran/surahs/1/ayahs/1?${query}`);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message).to.contain(query.split('=')[0]);
      });
    }
  });

  describe('roots and lemmas', () => {
    /** Occurrences counted from the morphology file itself. */
    const countInData = (item: string) =>
      lines('morphology.txt').filter((line) => line.split(' ').includes(item)).length;

    async function allLocations(url: string, limit: number) {
      const locations: string[] = [];
      let first = (await get(`${url}?limit=${limit}`)).body.data;
      const occurrences = first.occurrences as number;
      for (;;) {
        expect(first.occurrences).to.equal(occurrences);
        locations.push(...first.locations);
        if (first.nextStartAfter === null) break;
        expect(first.nextStartAfter).to.equal(first.locations.at(-1));
        first = (await get(`${url}?limit=${limit}&startAfter=${first.nextStartAfter}`)).body.data;
      }
      return { occurrences, locations };
    }

    it('counts the corpus’s occurrences of رحم (Arabic or Buckwalter) and pages them to the end', async () => {
      const expected = countInData('ROOT:rHm');
      expect(expected).to.be.above(0);
      const arabic = (await get(`/quran/roots/${encodeURIComponent('رحم')}`)).body.data;
      expect(arabic.root).to.equal('rHm');
      expect(arabic.rootAr).to.equal('رحم');
      expect(arabic.occurrences).to.equal(expected);
      expect(arabic.credit.source_url).to.contain('corpus.quran.com');
      const { occurrences, locations } = await allLocations('/quran/roots/rHm', 37);
      expect(occurrences).to.equal(expected);
      expect(locations).to.have.length(expected);
      const inData = corpusWords
        .filter((word) => word.root === 'rHm')
        .map((word) => `${word.surah}:${word.ayah}:${word.position}`);
      expect(locations).to.deep.equal(inData);
      expect(locations).to.include('1:1:3');
      expect(arabic.lemmas).to.include.members(['r~aHiym', 'r~aHoma`n']);
      const spaced = (await get(`/quran/roots/${encodeURIComponent('ر ح م')}`)).body.data;
      expect(spaced.occurrences).to.equal(expected);
    });

    it('counts a lemma’s occurrences and gives its root', async () => {
      const response = await get(`/quran/lemmas/${encodeURIComponent('r~aHiym')}?limit=1000`);
      expect(response.status).to.equal(200);
      expect(response.body.data.occurrences).to.equal(countInData('LEM:r~aHiym'));
      expect(response.body.data.roots).to.deep.equal(['rHm']);
      expect(response.body.data.locations).to.have.length(countInData('LEM:r~aHiym'));
      expect(response.body.data.nextStartAfter).to.equal(null);
    });

    for (const [url, status, code] of [
      ['/quran/roots/qqq', 404, 'NOT_FOUND'],
      [`/quran/roots/${encodeURIComponent('ققق')}`, 404, 'NOT_FOUND'],
      [`/quran/roots/${encodeURIComponent('<script>')}`, 404, 'NOT_FOUND'],
      ['/quran/lemmas/test-unknown', 404, 'NOT_FOUND'],
      ['/quran/roots/rHm?limit=0', 400, 'VALIDATION_ERROR'],
      ['/quran/roots/rHm?limit=1001', 400, 'VALIDATION_ERROR'],
      ['/quran/roots/rHm?startAfter=1:1', 400, 'VALIDATION_ERROR'],
      ['/quran/roots/rHm?startAfter=abc', 400, 'VALIDATION_ERROR'],
    ] as const) {
      it(`answers ${url} with ${status}`, async () => {
        expectErrorEnvelope(await get(url), status, code);
      });
    }
  });

  describe('search by root', () => {
    it('finds every ayah with a word of the root, those with more such words first, marked', async () => {
      const expected = new Map<string, number>();
      for (const word of corpusWords.filter((candidate) => candidate.root === 'rHm')) {
        const key = `${word.surah}:${word.ayah}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
      const items: { key: string; rootWords: number; snippet: string; lang: string }[] = [];
      for (let next: string | null = null, first = true; first || next !== null; first = false) {
        const cursor: string = next === null ? '' : `&startAfter=${next}`;
        const page = (await get(`/quran/search?root=${encodeURIComponent('رحم')}&limit=50${cursor}`)).body.data;
        items.push(...page.items);
        next = page.nextStartAfter;
      }
      expect(items.map((item) => item.key).sort()).to.deep.equal([...expected.keys()].sort());
      for (const item of items) expect(item.rootWords, item.key).to.equal(expected.get(item.key));
      for (let i = 1; i < items.length; i++) expect(items[i - 1]!.rootWords).to.be.at.least(items[i]!.rootWords);
      expect(items[0]!.snippet).to.contain('<mark>');
      expect(items[0]!.lang).to.equal('ar');
      const page = (await get('/quran/search?root=rHm&limit=1')).body.data;
      expect(page.credit.source_url).to.contain('corpus.quran.com');
      expect((await get('/quran/search?q=mercy&lang=en&limit=1')).body.data).not.to.have.property('credit');
      const inSurah = (await get('/quran/search?root=rHm&surah=1')).body.data.items;
      expect(inSurah.map((item: { key: string }) => item.key)).to.deep.equal(['1:1', '1:3']);
    });

    for (const [query, parameter] of [
      ['root=rHm&q=mercy', 'q'],
      ['limit=2', 'q'],
      ['root=rHm&lang=en', 'lang'],
      ['root=%21%21', 'root'],
    ] as const) {
      it(`answers ?${query} with 400 naming ${parameter}`, async () => {
        const response = await get(`/quran/search?${query}`);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message).to.contain(parameter);
      });
    }
  });

  describe('surah facts and the Imla’ei script', () => {
    it('gives each surah its revelation order (1..114 permuted), rukus (556 in all) and pages (1..604)', async () => {
      const surahs = (await get('/quran/surahs')).body.data as {
        revelationOrder: number;
        rukus: number;
        pages: { first: number; last: number };
        factsCredit: { source_url: string };
      }[];
      expect(surahs).to.have.length(114);
      expect(surahs.map((surah) => surah.revelationOrder).sort((a, b) => a - b)).to.deep.equal(
        Array.from({ length: 114 }, (_, i) => i + 1),
      );
      expect(surahs.reduce((sum, surah) => sum + surah.rukus, 0)).to.equal(556);
      const covered = new Set(
        surahs.flatMap((surah) =>
          Array.from({ length: surah.pages.last - surah.pages.first + 1 }, (_, i) => surah.pages.first + i),
        ),
      );
      expect([...covered].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 604 }, (_, i) => i + 1));
      for (let i = 1; i < surahs.length; i++) expect(surahs[i]!.pages.first).to.be.at.least(surahs[i - 1]!.pages.last);
      expect(surahs[0]!.factsCredit.source_url).to.contain('tanzil.net');
    });

    it('gives script=imlaei for 1:1 byte for byte as the Simple file’s line, credited', async () => {
      const line = readFileSync(SIMPLE).subarray(0, readFileSync(SIMPLE).indexOf(0x0a));
      const response = await get('/quran/surahs/1/ayahs/1?script=imlaei');
      expect(response.status).to.equal(200);
      expect(
        Buffer.from(response.body.data.text_ar, 'utf8').equals(line.subarray(Buffer.from('1|1|').length)),
      ).to.equal(true);
      expect(response.body.data.textCredit.source_url).to.contain('tanzil.net');
      const uthmani = (await get('/quran/surahs/1/ayahs/1?script=uthmani')).body.data;
      expect(uthmani.text_ar).to.equal((await get('/quran/surahs/1/ayahs/1')).body.data.text_ar);
      expect(uthmani).not.to.have.any.keys('textCredit');
    });

    it('gives every ayah of a surah in the Simple text, as the file has them', async () => {
      const simple = readTanzilSimple(read(SIMPLE)).filter((text) => text.surah === 2);
      const ayahs = (await get('/quran/surahs/2/ayahs?script=imlaei')).body.data as { text_ar: string }[];
      expect(ayahs.map((ayah) => ayah.text_ar)).to.deep.equal(simple.map((text) => text.text));
    });
  });

  describe('random and daily', () => {
    it('gives a random ayah, with words when asked, and varies', async () => {
      const keys = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const response = await get('/quran/ayahs/random?words=true&translations=en');
        expect(response.status).to.equal(200);
        expect(response.body.data.words.length).to.be.above(0);
        keys.add(response.body.data.key);
      }
      expect(keys.size).to.be.above(1);
    });

    it('gives the same ayah of the day for a date on every call, echoing the date', async () => {
      const first = (await get('/quran/ayah-of-the-day?date=2026-03-20')).body.data;
      expect(first.date).to.equal('2026-03-20');
      expect((await get('/quran/ayah-of-the-day?date=2026-03-20&translations=en')).body.data.ayah.key).to.equal(
        first.ayah.key,
      );
      const today = (await get('/quran/ayah-of-the-day')).body.data;
      expect(today.date).to.match(/^\d{4}-\d{2}-\d{2}$/);
      for (const date of ['2026-13-01', '2026-02-29', 'x'])
        expectErrorEnvelope(await get(`/quran/ayah-of-the-day?date=${date}`), 400, 'VALIDATION_ERROR');
    });
  });

  describe('the import', () => {
    it('writes nothing when run again on the same data', async () => {
      expect((await importQuranWords(t.deps, corpusWords)).changed).to.equal(false);
      expect((await importSurahFacts(t.deps, readTanzilMetadata(read(METADATA)))).changed).to.equal(false);
      expect((await importScriptText(t.deps, 'imlaei', readTanzilSimple(read(SIMPLE)))).changed).to.equal(false);
    });

    it(`refuses words not ${QURAN_WORD_COUNT}, out of order or leaving an ayah out, changing nothing`, async () => {
      const before = (await get('/quran/surahs/1/ayahs/1?words=true')).body.data.words;
      const shifted = corpusWords.map((word, i) => (i === 3 ? { ...word, position: 7 } : word));
      const moved = corpusWords.map((word) => (word.surah === 1 && word.ayah === 7 ? { ...word, ayah: 6 } : word));
      for (const words of [corpusWords.slice(1), [...corpusWords, corpusWords[0]!], shifted, moved]) {
        let error: unknown;
        await importQuranWords(t.deps, words).catch((caught: unknown) => (error = caught));
        expect(error, 'refused').to.have.property('code', 'VALIDATION_ERROR');
      }
      expect((await get('/quran/surahs/1/ayahs/1?words=true')).body.data.words).to.deep.equal(before);
    });

    it('refuses corpus files whose line counts disagree with the text', () => {
      const files = corpusFiles();
      expect(() => readCorpusWords({ ...files, morphology: files.morphology.replace(/^[^\n]*\n/, '') })).to.throw(
        /end before word 114:6:3/,
      );
      expect(() => readCorpusWords({ ...files, glosses: `${files.glosses}Test gloss\n` })).to.throw(/77429 words/);
    });

    it('refuses surah facts that are not a permutation, and a Simple text missing an ayah', async () => {
      const facts = readTanzilMetadata(read(METADATA));
      let error: unknown;
      await importSurahFacts(
        t.deps,
        facts.map((fact) => ({ ...fact, revelationOrder: 1 })),
      ).catch((caught: unknown) => (error = caught));
      expect(error).to.have.property('code', 'VALIDATION_ERROR');
      error = undefined;
      await importScriptText(t.deps, 'imlaei', readTanzilSimple(read(SIMPLE)).slice(1)).catch(
        (caught: unknown) => (error = caught),
      );
      expect(error).to.have.property('code', 'VALIDATION_ERROR');
    });
  });
});
