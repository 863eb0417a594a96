import { importHadithCollection, type HadithImportSummary } from '@islamic-data/core';
import { readHadithJson } from '@islamic-data/sources';
import type { Command } from 'commander';
import { withServices } from '../context.js';
import { print, splitList, table } from '../output.js';
import { progressBar } from '../progress.js';

export function addHadithImportCommands(importCommand: Command): void {
  importCommand
    .command('hadith')
    .description(
      'Import the Hadith collections from the hadith-json layout: ' +
        'one transaction per collection, only differences are written, ' +
        'and hadiths whose source record is unchanged keep their edits',
    )
    .requiredOption(
      '--from <dir|url>',
      'the hadith-json root (holding db/), db/ or a folder below it, a by_chapter collection folder, a by_book file, ' +
        'or the http(s) URL of such a root (or of a by_book file)',
    )
    .option('--collections <list>', 'comma-separated slugs to import (default: every collection found)')
    .option('--json', 'print JSON')
    .action((options: { from: string; collections?: string; json?: boolean }) =>
      withServices(async (deps) => {
        const only = options.collections === undefined ? undefined : splitList(options.collections);
        const summaries: HadithImportSummary[] = [];
        for await (const source of readHadithJson(options.from, only)) {
          const bar = progressBar('hadiths written', { label: source.info.slug, total: source.hadiths.length });
          const summary = await importHadithCollection(deps, source, {
            onProgress: ({ written, toWrite }) => bar?.update(written, toWrite),
          }).finally(() => bar?.stop());
          summaries.push(summary);
        }
        print(options.json, summaries, () =>
          table(
            summaries.map((summary) => ({ ...summary })),
            ['collection', 'hadiths', 'added', 'updated', 'unchanged', 'removed', 'books', 'changed'],
          ),
        );
      }),
    );
}
