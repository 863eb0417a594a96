export { HADITH_JSON_COLLECTIONS, HADITH_JSON_REPOSITORY, hadithJsonEditions, type HadithJsonCollection, type HadithJsonGroup } from './hadith-json-catalogue.js';
export {
  collectionFromBookFile,
  collectionFromChapterFiles,
  parseHadithJsonFile,
  type HadithJsonBookFile,
  type HadithJsonChapterFile,
  type HadithJsonFile,
  type HadithJsonText,
} from './hadith-json-format.js';
export { readHadithJson } from './hadith-json-reader.js';
