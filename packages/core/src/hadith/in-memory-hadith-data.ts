import type { Snapshottable } from '../shared/snapshottable.js';
import type { Translation } from '../shared/translation.js';
import type { HadithBook, HadithCollectionInfo, HadithGrade, HadithInBook, HadithMetadata } from './hadith.js';

export interface StoredHadith {
  sequence: number;
  number: string;
  citation: string;
  inBook: HadithInBook | null;
  textAr: string | null;
  bookNumber: number | null;
  sourceHash: string | null;
  /** The grade the last import wrote: a stored grade equal to it was not set through the API. */
  importedGrade: string | null;
  /** Every grader the last import wrote (null: an older import that kept only `importedGrade`). */
  importedGrades: HadithGrade[] | null;
  metadata: HadithMetadata;
  translations: Map<string, Translation>;
}

export interface StoredCollection {
  info: HadithCollectionInfo;
  books: HadithBook[];
  hadiths: Map<number, StoredHadith>;
  numberKeys: Map<string, number>;
}

/** The hadith collections held in memory: one set, shared by InMemoryHadithStore and InMemoryHadithImportStore. */
export class InMemoryHadithData implements Snapshottable {
  collections = new Map<string, StoredCollection>();

  require(collection: string): StoredCollection {
    const found = this.collections.get(collection);
    if (!found) throw new Error(`No hadith collection '${collection}': save its info first.`);
    return found;
  }

  snapshot(): unknown {
    return structuredClone(this.collections);
  }

  restore(snapshot: unknown): void {
    this.collections = structuredClone(snapshot as Map<string, StoredCollection>);
  }
}
