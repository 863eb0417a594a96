// Readers of upstream formats and downloads: they give core's import use cases their input.
export { openByteSource, readJsonAt, locationWithin, isHttpUrl, type ByteSource } from './byte-source.js';
export { loadQuranJson, quranJsonPackageDir, QURAN_JSON_EDITIONS } from './quran/quran-json.js';
export { parseTanzilTranslation } from './quran/tanzil-xml.js';
export { readTanzilTranslation } from './quran/read-tanzil-translation.js';
export { readHadithJson } from './hadith/hadith-json-reader.js';
