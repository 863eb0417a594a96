import { importQuran } from '@islamic-data/core';
import { loadQuranJson } from '@islamic-data/sources';
import type { Services } from './composition-root.js';

/** Content the server prepares before it listens: on a first start, the Quran from the quran-json package. */
export async function prepareContent(deps: Services): Promise<void> {
  if ((await deps.stores.quran.listSurahs()).length > 0) return;
  const started = Date.now();
  const report = await importQuran(deps, await loadQuranJson());
  deps.logger.info(
    {
      surahs: report.surahCount,
      editions: report.editions.map(({ lang, ayahCount }) => ({ lang, ayahCount })),
      ms: Date.now() - started,
    },
    'imported the Quran from quran-json',
  );
}
