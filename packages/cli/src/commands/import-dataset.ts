import {
  importHadithCollection,
  importQuran,
  importTanzilTranslation,
  type HadithImportSummary,
} from '@islamic-data/core';
import {
  cachedFilePath,
  hadithSourceLocations,
  loadQuranJson,
  readHadithSources,
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
