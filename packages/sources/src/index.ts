// Readers of upstream formats and downloads: they give core's import use cases their input.
export { openByteSource, readJsonAt, locationWithin, isHttpUrl, type ByteSource } from './byte-source.js';
export { MAX_SOURCE_FILE_BYTES } from './capped-body.js';
export { loadQuranJson, quranJsonPackageDir, QURAN_JSON_EDITIONS } from './quran/quran-json.js';
export { parseTanzilTranslation } from './quran/tanzil-xml.js';
export { readTanzilTranslation } from './quran/read-tanzil-translation.js';
export { readHadithJson } from './hadith/hadith-json-reader.js';
export {
  loadUpstreamManifest,
  rawFileUrl,
  cachedFilePath,
  GITHUB_RAW_BASE,
  UPSTREAM_MANIFEST_FILE,
  type UpstreamManifest,
  type UpstreamDataset,
  type UpstreamFile,
  type UpstreamRepository,
} from './upstream/upstream-manifest.js';
export {
  downloadVerified,
  DownloadError,
  DEFAULT_RETRY_POLICY,
  type RetryPolicy,
  type DownloadFailureKind,
} from './upstream/verified-download.js';
export {
  fetchDataset,
  DatasetUnavailable,
  type DatasetFetchOptions,
  type DatasetFetchReport,
} from './upstream/dataset-cache.js';
export { readHadithSources, hadithSourceLocations, type HadithSourceLocations } from './hadith/hadith-sources.js';
export { readHadithRefs } from './hadith/hadith-refs-reader.js';
export { joinHadithRefs } from './hadith/hadith-refs-join.js';
export {
  gradeFieldText,
  parseGrade,
  parseReference,
  normaliseArabic,
  HADITH_REFS_PLACES,
} from './hadith/hadith-refs-format.js';
export * from './quran/quran-meta-layout.js';
export {
  CORPUS_FILES,
  TANZIL_METADATA_FILE,
  TANZIL_SIMPLE_FILE,
  readCorpusWords,
  readTanzilMetadata,
  readTanzilSimple,
} from './quran/quran-study-sources.js';
export {
  geoNamesCityDirectory,
  geoNamesDumpPath,
  readGeoNamesCities,
  readGeoNamesCityFile,
  GEONAMES_CITIES,
  ALTERNATE_NAMES_FROM_POPULATION,
} from './places/geonames-cities.js';
