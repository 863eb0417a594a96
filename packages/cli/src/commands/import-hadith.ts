import { importHadithCollection, type HadithImportSummary } from '@islamic-data/core';
import { hadithSourceLocations, readHadithSources } from '@islamic-data/sources';
import type { Command } from 'commander';
import { withServices } from '../context.js';
import { print, splitList, table } from '../output.js';
import { progressBar } from '../progress.js';

export function addHadithImportCommands(importCommand: Command): void {
  importCommand
    .command('hadith')
    .description(
      'Import the Hadith collections: texts from hadith-json, standard numbers and grades from ' +
        'hadith-refs, joined by position; ' +
        'one transaction per collection, only differences are written, and hadiths whose source record is ' +
        'unchanged keep their edits',
    )
    .requiredOption(
      '--from <dir|url>',
      'a base holding hadith-json/ (its db/…) and hadith-refs/ (its Sunnah/…), as ../shared/data does; or ' +
        'hadith-json alone: ' +
        'its root (holding db/), db/ or a folder below it, a by_chapter collection folder, a by_book ' +
        'file, or the http(s) URL of ' +
        'such a root (numbered by position unless --refs is given)',
    )
    .option('--refs <dir|url>', 'the hadith-refs root (holding Sunnah/), when it is not <from>/hadith-refs')
    .option('--collections <list>', 'comma-separated slugs to import (default: every collection found)')
    .option('--dry-run', 'read the sources and work everything out, then write nothing: lists the edited records')
    .option('--json', 'print JSON')
    .action((options: { from: string; refs?: string; collections?: string; dryRun?: boolean; json?: boolean }) =>
      withServices(async (deps) => {
        const only = options.collections === undefined ? undefined : splitList(options.collections);
        const summaries: HadithImportSummary[] = [];
        const locations = await hadithSourceLocations(options.from, options.refs);
        if (locations.refs === null)
          process.stderr.write(
            `No hadith-refs found (${options.from}/hadith-refs or --refs): hadiths are numbered by ` +
              `position, without grades.\n`,
          );
        for await (const source of readHadithSources(locations, only)) {
          const bar = progressBar('hadiths written', { label: source.info.slug, total: source.hadiths.length });
          const summary = await importHadithCollection(deps, source, {
            onProgress: ({ written, toWrite }) => bar?.update(written, toWrite),
            dryRun: options.dryRun,
          }).finally(() => bar?.stop());
          summaries.push(summary);
        }
        print(options.json, summaries, () =>
          [
            ...(options.dryRun ? ['Dry run: nothing was written.'] : []),
            summaryTable(summaries),
            ...editedRecordLines(summaries, options.dryRun === true),
          ].join('\n'),
        );
      }),
    );
}

/**
 * The records edited through the API an import changes or removes: each line names one, so the operator
 * can look at it before (`--dry-run`) or roll the import back after (`audit rollback <entry>`).
 */
function editedRecordLines(summaries: HadithImportSummary[], dryRun: boolean): string[] {
  return summaries.flatMap(({ collection, editedRecords, auditEntryId }) =>
    editedRecords.length === 0
      ? []
      : [
          `${collection}: ${editedRecords.length} record(s) edited through the API ` +
            (dryRun
              ? 'would be changed or removed:'
              : `were changed or removed; audit rollback ${auditEntryId} puts them back:`),
          ...editedRecords.map(({ number, change }) => `  hadith/${collection}/${number} ${change}`),
        ],
  );
}

function summaryTable(summaries: HadithImportSummary[]): string {
  return table(
    summaries.map(({ report, ...summary }) => ({
      ...summary,
      disagreements: report?.disagreements ?? '-',
      unparsable: report ? report.unparsableReferences + report.unparsableGrades : '-',
      notGrades: report?.notGrades ?? '-',
    })),
    [
      'collection',
      'hadiths',
      'added',
      'updated',
      'unchanged',
      'removed',
      'changed',
      'numbering',
      'numbersCovered',
      'graded',
      'numbersMadeUnique',
      'disagreements',
      'unparsable',
      'notGrades',
    ],
  );
}
