import { readFile } from 'node:fs/promises';
import {
  importHadithCollection,
  importQuran,
  importQuranWords,
  importScriptText,
  importSurahFacts,
  importTanzilTranslation,
  validationError,
  type HadithImportSummary,
} from '@islamic-data/core';
import {
  cachedFilePath,
  hadithSourceLocations,
  CORPUS_FILES,
  loadQuranJson,
  readCorpusWords,
  readHadithSources,
  readTanzilMetadata,
  readTanzilSimple,
  readTanzilTranslation,
  type UpstreamDataset,
} from '@islamic-data/sources';
import type { Services } from '../composition-root.js';
import { progressBar } from '../progress.js';

export interface DatasetImport {
  /** Whether the database changed. */
  changed: boolean;
  /** One line on what was imported. */
  summary: string;
  /** The import use case's own report (the hadith import summary), for --json. */
  report?: unknown;
}

/** Imports one dataset whose files are all in the cache, verified, through the same use cases as `import …`. */
export async function importDataset(
  deps: Services,
  dataset: UpstreamDataset,
  cacheDir: string,
): Promise<DatasetImport> {
  switch (dataset.kind) {
    case 'quran-json': {
      const report = await importQuran(deps, await loadQuranJson());
      const changedEditions = report.editions.filter((edition) => edition.auditEntryId !== null);
      return {
        changed: report.changedSurahs > 0 || changedEditions.length > 0,
        summary:
          `${report.surahCount} surahs, editions ${report.editions.map((edition) => edition.lang).join(', ')}` +
          (changedEditions.length > 0 ? ` (${changedEditions.map((edition) => edition.lang).join(', ')} changed)` : ''),
      };
    }
    case 'quran-translation': {
      const translation = await readTanzilTranslation(cachedFilePath(cacheDir, dataset.files[0]!));
      const result = await importTanzilTranslation(deps, { lang: dataset.lang!, translation });
      return {
        changed: result.auditEntryId !== null,
        summary: `${result.lang} (${result.name}): ${result.ayahCount} ayahs, ${result.changedAyahs} changed`,
      };
    }
    case 'quran-words': {
      const file = (path: string) => {
        const found = dataset.files.find((candidate) => candidate.path === path);
        if (!found) throw validationError(`The dataset ${dataset.name} lists no ${path}.`);
        return readFile(cachedFilePath(cacheDir, found), 'utf8');
      };
      const words = readCorpusWords({
        uthmani: await file(CORPUS_FILES.uthmani),
        morphology: await file(CORPUS_FILES.morphology),
        glosses: await file(CORPUS_FILES.glosses),
      });
      const result = await importQuranWords(deps, words);
      return { changed: result.changed, summary: `${result.count} words${result.changed ? '' : ', unchanged'}` };
    }
    case 'quran-metadata': {
      const facts = readTanzilMetadata(await readFile(cachedFilePath(cacheDir, dataset.files[0]!), 'utf8'));
      const result = await importSurahFacts(deps, facts);
      return {
        changed: result.changed,
        summary: `${result.count} surahs' facts${result.changed ? '' : ', unchanged'}`,
      };
    }
    case 'quran-script': {
      if (dataset.script !== 'imlaei') throw validationError(`The script '${dataset.script}' is not served.`);
      const texts = readTanzilSimple(await readFile(cachedFilePath(cacheDir, dataset.files[0]!), 'utf8'));
      const result = await importScriptText(deps, dataset.script, texts);
      return {
        changed: result.changed,
        summary: `${result.count} ayahs in ${dataset.script}${result.changed ? '' : ', unchanged'}`,
      };
    }
    case 'hadith': {
      const parts: string[] = [];
      const summaries: HadithImportSummary[] = [];
      let changed = false;
      // The cache is laid out like ../shared/data: texts (hadith-json/) and numbers and grades (hadith-refs/).
      const locations = await hadithSourceLocations(cacheDir);
      for await (const source of readHadithSources(locations, [dataset.collection!])) {
        const bar = progressBar('hadiths written', { label: source.info.slug, total: source.hadiths.length });
        const summary = await importHadithCollection(deps, source, {
          onProgress: ({ written, toWrite }) => bar?.update(written, toWrite),
        }).finally(() => bar?.stop());
        changed ||= summary.changed;
        summaries.push(summary);
        parts.push(
          `${summary.hadiths} hadiths: ${summary.added} added, ${summary.updated} updated, ${summary.removed} removed`,
        );
      }
      return { changed, summary: parts.join('; '), report: summaries[0] };
    }
  }
}
