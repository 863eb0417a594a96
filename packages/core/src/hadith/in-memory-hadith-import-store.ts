import { defaultHadithMetadata, type HadithBook, type HadithCollectionInfo } from './hadith.js';
import type { HadithImportStore, ImportedHadith } from './hadith-import-store.js';
import type { InMemoryHadithData, StoredHadith } from './in-memory-hadith-data.js';

export class InMemoryHadithImportStore implements HadithImportStore {
  constructor(private readonly data: InMemoryHadithData) {}

  async saveCollectionInfo(info: HadithCollectionInfo) {
    const existing = this.data.collections.get(info.slug);
    if (existing) existing.info = { ...info };
    else
      this.data.collections.set(info.slug, { info: { ...info }, books: [], hadiths: new Map(), numberKeys: new Map() });
  }

  async replaceBooks(collection: string, books: HadithBook[]) {
    this.data.require(collection).books = structuredClone(books).sort((a, b) => a.number - b.number);
  }

  async sourceHashes(collection: string) {
    const found = this.data.collections.get(collection);
    return new Map([...(found?.hadiths.values() ?? [])].map((hadith) => [hadith.sequence, hadith.sourceHash] as const));
  }

  async writeImported(collection: string, hadiths: ImportedHadith[], updatedAt: string) {
    const target = this.data.require(collection);
    for (const imported of hadiths) {
      const existing = target.hadiths.get(imported.sequence);
      const hadith: StoredHadith = existing ?? {
        sequence: imported.sequence,
        number: imported.number,
        citation: imported.citation,
        inBook: null,
        textAr: null,
        bookNumber: null,
        sourceHash: null,
        importedGrade: imported.grade,
        importedGrades: null,
        metadata: defaultHadithMetadata(imported.narrator, imported.grade),
        translations: new Map(),
      };
      if (hadith.metadata.grade === hadith.importedGrade) hadith.metadata.grade = imported.grade;
      hadith.importedGrade = imported.grade;
      hadith.importedGrades = imported.grades ? structuredClone(imported.grades) : null;
      hadith.number = imported.number;
      hadith.citation = imported.citation;
      hadith.inBook = imported.inBook && { ...imported.inBook };
      hadith.textAr = imported.textAr;
      hadith.bookNumber = imported.bookNumber;
      hadith.sourceHash = imported.sourceHash;
      hadith.metadata.narrator = imported.narrator;
      for (const [locale, text] of Object.entries(imported.translations)) {
        if (text === null) hadith.translations.delete(locale);
        else if (hadith.translations.get(locale)?.text !== text)
          hadith.translations.set(locale, { locale, text, updatedAt });
      }
      target.hadiths.set(imported.sequence, hadith);
    }
  }

  async deleteHadithsAfter(collection: string, lastSequence: number) {
    const found = this.data.collections.get(collection);
    const doomed = [...(found?.hadiths.keys() ?? [])].filter((sequence) => sequence > lastSequence);
    for (const sequence of doomed) found!.hadiths.delete(sequence);
    return doomed.length;
  }

  async numberKeys(collection: string) {
    return new Map(this.data.collections.get(collection)?.numberKeys ?? []);
  }

  async replaceNumberKeys(collection: string, keys: Map<string, number>) {
    this.data.require(collection).numberKeys = new Map(keys);
  }
}
