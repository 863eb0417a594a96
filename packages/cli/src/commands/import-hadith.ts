import { importHadithCollection, readHadithJson, type HadithImportSummary } from '@islamic-data/core';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { withServices } from '../context.js';
import { print, splitList, table } from '../output.js';

export function addHadithImportCommands(importCommand: Command): void {
  importCommand
    .command('hadith')
    .description(
      'Import the Hadith collections from the hadith-json layout: one transaction per collection, only differences are written, ' +
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
        const progress = process.stderr.isTTY ? progressBar() : undefined;
        const summaries: HadithImportSummary[] = [];
        for await (const source of readHadithJson(options.from, only)) {
          progress?.start(source.hadiths.length, 0, { collection: source.info.slug });
          const summary = await importHadithCollection(deps, source, {
            onProgress: ({ written, toWrite }) => {
              progress?.setTotal(toWrite);
              progress?.update(written);
            },
          });
          progress?.stop();
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

function progressBar(): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    { stream: process.stderr, format: '{collection} [{bar}] {value}/{total} hadiths written', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
}
