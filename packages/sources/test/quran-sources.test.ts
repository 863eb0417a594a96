import { expect } from 'chai';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, TANZIL_TRANSLATION_LICENSE, tanzilEdition } from '@islamic-data/core';
import {
  QURAN_JSON_EDITIONS,
  loadQuranJson,
  openByteSource,
  parseTanzilTranslation,
  quranJsonPackageDir,
  readTanzilTranslation,
} from '../src/index.js';
import { failureOf } from '@islamic-data/test-fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const AZ_DIR = path.join(repoRoot, '../shared/data/quran-az');
const AZ_FILES = ['az.mammadaliyev.xml', 'az.musayev.xml'];

async function* chunksOf(text: string | Buffer, size: number) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

describe('sources: Quran sources', () => {
  describe('quran-json', () => {
    it('reads 114 surahs, 6236 Arabic ayahs and the en, ru, tr translations from the installed package', async () => {
      const source = await loadQuranJson();
      expect(source.surahs).to.have.length(114);
      expect(source.surahs.reduce((sum, surah) => sum + surah.ayahCount, 0)).to.equal(6236);
      expect(source.surahs[1]).to.include({ id: 2, ayahCount: 286, revelationType: 'medinan' });
      expect(source.surahs.every((s) => s.nameAr && s.nameEn && s.transliteration)).to.equal(true);
      expect(source.arabic.texts).to.have.length(6236);
      expect(source.translations.map((t) => [t.edition.lang, t.texts.length])).to.deep.equal([
        ['en', 6236],
        ['ru', 6236],
        ['tr', 6236],
      ]);
      // Each translation's text differs from the Arabic: the right field was read.
      for (const translation of source.translations)
        expect(translation.texts[0]!.text).not.to.equal(source.arabic.texts[0]!.text);
    });

    it('credits each edition as the package README does', () => {
      const readme = readFileSync(path.join(quranJsonPackageDir(), '..', 'README.md'), 'utf8');
      expect(readme).to.contain("The Noble Qur'an Encyclopedia");
      expect(QURAN_JSON_EDITIONS.ar).to.include({ publicDomain: true, sourceUrl: 'https://quranenc.com/en/home' });
      for (const [lang, translator] of [
        ['en', 'Saheeh International'],
        ['ru', 'Elmir Kuliev'],
        ['tr', 'Turkish Directorate of Religious Affairs'],
      ] as const) {
        const edition = QURAN_JSON_EDITIONS[lang];
        expect(readme, lang).to.contain(translator);
        expect(readme, lang).to.contain(edition.sourceUrl);
        expect(edition.publicDomain, lang).to.equal(false);
        expect(edition.attribution, lang).to.contain(translator);
        expect(edition.license, lang).to.match(/non-commercial/);
      }
    });

    it('reads the same files from a folder and from a URL, and names a broken file', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'quran-json-'));
      const server: Server = createServer((req, res) => {
        try {
          res.end(readFileSync(path.join(quranJsonPackageDir(), path.basename(req.url ?? ''))));
        } catch {
          res.writeHead(404).end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const expected = await loadQuranJson();
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dist`;
        expect(await loadQuranJson(url)).to.deep.equal(expected);
        for (const file of ['quran.json', 'quran_en.json', 'quran_ru.json', 'quran_tr.json'])
          cpSync(path.join(quranJsonPackageDir(), file), path.join(dir, file));
        expect(await loadQuranJson(dir)).to.deep.equal(expected);
        writeFileSync(path.join(dir, 'quran_ru.json'), '[{"id": 1');
        expect((await failureOf(loadQuranJson(dir))).message).to.match(/quran_ru\.json is not valid JSON/);
        rmSync(path.join(dir, 'quran_ru.json'));
        expect((await failureOf(loadQuranJson(dir))).message).to.match(/There is no file at .*quran_ru\.json/);
      } finally {
        server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('Tanzil XML', () => {
    for (const file of AZ_FILES) {
      it(`reads all 6236 ayahs of ${file}, in order, with its header`, async () => {
        const { header, texts } = await parseTanzilTranslation((await openByteSource(path.join(AZ_DIR, file))).chunks);
        expect(texts).to.have.length(6236);
        expect(texts.every((t) => t.text.trim() !== '')).to.equal(true);
        expect(texts.filter((t) => t.ayah === 1)).to.have.length(114);
        expect(texts.at(-1)).to.include({ surah: 114, ayah: 6 });
        expect(header.id).to.equal(file.replace(/\.xml$/, ''));
        expect(header.language).to.equal('Azerbaijani');
        expect(header.source).to.equal('Tanzil.net');
        expect(header.translator).to.be.a('string').and.not.to.equal('');
      });
    }

    it('decodes XML entities in the text, whatever the chunk boundaries', async () => {
      const raw = readFileSync(path.join(AZ_DIR, 'az.musayev.xml'));
      const whole = await parseTanzilTranslation(chunksOf(raw, raw.length));
      const quotesInFile = raw.toString('utf8').split('&quot;').length - 1;
      expect(quotesInFile).to.be.greaterThan(0);
      expect(whole.texts.reduce((n, t) => n + t.text.split('"').length - 1, 0)).to.equal(quotesInFile);
      expect(whole.texts.some((t) => t.text.includes('&quot;'))).to.equal(false);
      // 7-byte chunks split multi-byte characters (ə is two bytes) and tags.
      expect(await parseTanzilTranslation(chunksOf(raw, 7))).to.deep.equal(whole);
    });

    it('refuses a truncated file, naming the line', async () => {
      const raw = readFileSync(path.join(AZ_DIR, 'az.mammadaliyev.xml'));
      const error = await failureOf(parseTanzilTranslation(chunksOf(raw.subarray(0, raw.length / 2), 4096)));
      expect(error.code).to.equal('VALIDATION_ERROR');
      expect(error.message).to.match(/^The Tanzil XML is invalid at line \d+: /);
    });

    it('refuses documents that are not Tanzil translations', async () => {
      const cases: [string, RegExp][] = [
        ['<root><sura index="1"/></root>', /root element must be <quran>/],
        ['<quran><aya index="1" text="Test"/></quran>', /<aya> outside <sura>/],
        ['<quran><sura index="one"><aya index="1" text="Test"/></sura></quran>', /positive integer index, got 'one'/],
        ['<quran><sura index="1"><aya index="1"/></sura></quran>', /no text attribute/],
        ['<quran><sura index="1"><sura index="2"></sura></sura></quran>', /<sura> inside <sura>/],
        ['<quran><sura index="1"><aya index="1" text="Test & more"/></sura></quran>', /invalid at line 1/],
        ['', /document must contain a root element/],
      ];
      for (const [xml, message] of cases) {
        const error = await failureOf(parseTanzilTranslation(chunksOf(xml, 64)));
        expect(error.message, xml).to.match(message);
      }
      const invalidUtf8 = Buffer.concat([
        Buffer.from('<quran><sura index="1"><aya index="1" text="'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"/></sura></quran>'),
      ]);
      expect((await failureOf(parseTanzilTranslation(chunksOf(invalidUtf8, 64)))).code).to.equal('VALIDATION_ERROR');
    });

    it('reads a file whole, reporting the bytes read up to its size', async () => {
      const file = path.join(AZ_DIR, AZ_FILES[1]!);
      const progress: [number, number | null][] = [];
      const read = await readTanzilTranslation(file, (bytesRead, totalBytes) => progress.push([bytesRead, totalBytes]));
      expect(read).to.deep.equal(await parseTanzilTranslation((await openByteSource(file)).chunks));
      const size = readFileSync(file).length;
      expect(progress.at(-1)).to.deep.equal([size, size]);
      expect(progress.every(([bytesRead], i) => i === 0 || bytesRead > progress[i - 1]![0])).to.equal(true);
    });

    it('builds the edition from the header with Tanzil’s terms, letting the operator override any field', async () => {
      const { header } = await parseTanzilTranslation(
        (await openByteSource(path.join(AZ_DIR, 'az.mammadaliyev.xml'))).chunks,
      );
      const edition = tanzilEdition('az', header);
      expect(edition).to.deep.include({
        resource: 'quran',
        collection: null,
        lang: 'az',
        name: header.name,
        translator: header.translator,
        license: TANZIL_TRANSLATION_LICENSE,
        sourceUrl: 'https://tanzil.net/trans/az.mammadaliyev',
        publicDomain: false,
      });
      expect(edition.attribution)
        .to.contain(header.translator!)
        .and.to.contain('Tanzil.net')
        .and.to.contain('https://tanzil.net/trans/');
      expect(edition.license).to.match(/non-commercial/);
      const overridden = tanzilEdition('az', header, {
        name: 'Test name',
        license: 'Test licence',
        publicDomain: true,
      });
      expect(overridden).to.include({
        name: 'Test name',
        license: 'Test licence',
        publicDomain: true,
        translator: header.translator,
      });
    });

    it('asks for attribution, licence and source when the header does not name Tanzil', () => {
      expect(() => tanzilEdition('az', { name: 'Test', source: 'Elsewhere' })).to.throw(
        AppError,
        /attribution must be given/,
      );
      expect(() => tanzilEdition('az', {})).to.throw(AppError, /name must be given/);
      const complete = tanzilEdition(
        'az',
        {},
        { name: 'Test', attribution: 'Test a', license: 'Test l', sourceUrl: 'https://example.org/x' },
      );
      expect(complete).to.include({ name: 'Test', translator: null });
    });
  });
});
