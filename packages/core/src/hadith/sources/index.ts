export { readHadithJson } from './hadith-json-reader.js';
