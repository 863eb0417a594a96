import {
  assertWritableLocale,
  importQuran,
  importTanzilTranslation,
  type QuranEditionImportResult,
} from '@islamic-data/core';
import { loadQuranJson, readTanzilTranslation } from '@islamic-data/sources';
import type { Command } from 'commander';
import { withServices } from '../context.js';
import { print } from '../output.js';
import { progressBar } from '../progress.js';

const describeEdition = (result: QuranEditionImportResult, dryRun = false) =>
  [
    dryRun
      ? `${result.lang} (${result.name}): ${result.ayahCount} ayahs, ${result.changedAyahs} would change`
      : result.auditEntryId === null
        ? `${result.lang} (${result.name}): unchanged, ${result.ayahCount} ayahs`
        : `${result.lang} (${result.name}): ${result.ayahCount} ayahs, ${result.changedAyahs} changed` +
          `${result.metadataChanged ? ', edition metadata updated' : ''} (audit entry ${result.auditEntryId})`,
    // Translations edited through the API that the import overwrites (issue 26): its entry keeps them.
    ...result.editedRecords.map(
      ({ surah, ayah, locale }) =>
        `  quran/${surah}/${ayah}/translations/${locale} edited through the API: ${dryRun ? 'would be ' : ''}replaced`,
    ),
  ].join('\n');

const DRY_RUN_HELP =
  'work everything out, then write nothing: lists the translations edited through the API it replaces';

export function addQuranImportCommands(importCommand: Command): void {
  importCommand
    .command('quran')
    .description(
      'Import surahs, the Arabic (Uthmani) text and ' +
        'the English, Russian and Turkish translations from quran-json; re-running changes nothing',
    )
    .option(
      '--from <dir|url>',
      'a folder or base URL holding quran.json, quran_en.json, quran_ru.json, quran_tr.json ' +
        '(default: the installed quran-json package)',
    )
    .option('--dry-run', DRY_RUN_HELP)
    .option('--json', 'print JSON')
    .action((options: { from?: string; dryRun?: boolean; json?: boolean }) =>
      withServices(async (deps) => {
        const source = await loadQuranJson(options.from);
        const bar = progressBar('editions');
        const report = await importQuran(deps, source, {
          onProgress: (done, total) => bar?.update(done, total),
          dryRun: options.dryRun,
        }).finally(() => bar?.stop());
        print(options.json, report, () =>
          [
            ...(options.dryRun ? ['Dry run: nothing was written.'] : []),
            `Quran: ${report.surahCount} surahs (${report.changedSurahs} changed)`,
            ...report.editions.map((edition) => describeEdition(edition, options.dryRun)),
          ].join('\n'),
        );
      }),
    );

  importCommand
    .command('quran-translation')
    .description(
      'Import one Quran translation from a Tanzil XML file or URL ' +
        '(all ayahs, in one transaction; re-running changes nothing). ' +
        "Name, translator, attribution, licence and source default to the file's header and, " +
        "for Tanzil files, Tanzil's non-commercial terms.",
    )
    .requiredOption('--lang <code>', 'language code of the translation, e.g. az')
    .requiredOption('--from <file|url>', 'Tanzil translation XML (<quran><sura index><aya index text/>…)')
    .option('--name <name>', "edition name (default: the header's Name)")
    .option('--translator <name>', "translator (default: the header's Translator)")
    .option('--attribution <text>', 'attribution shown with every download entry')
    .option('--license <text>', 'licence shown with every download entry')
    .option('--source-url <url>', 'where the edition comes from (default: https://tanzil.net/trans/<ID>)')
    .option('--public-domain', 'the edition is public domain: downloads carry its full text', false)
    .option('--dry-run', DRY_RUN_HELP)
    .option('--json', 'print JSON')
    .action(
      (options: {
        lang: string;
        from: string;
        name?: string;
        translator?: string;
        attribution?: string;
        license?: string;
        sourceUrl?: string;
        publicDomain: boolean;
        dryRun?: boolean;
        json?: boolean;
      }) =>
        withServices(async (deps) => {
          assertWritableLocale(options.lang, 'lang'); // before a long download, not after it
          const bar = progressBar('bytes');
          const translation = await readTanzilTranslation(options.from, (read, total) =>
            bar?.update(read, total),
          ).finally(() => bar?.stop());
          const result = await importTanzilTranslation(deps, {
            lang: options.lang,
            translation,
            edition: {
              name: options.name,
              translator: options.translator,
              attribution: options.attribution,
              license: options.license,
              sourceUrl: options.sourceUrl,
              publicDomain: options.publicDomain,
            },
            dryRun: options.dryRun,
          });
          print(options.json, result, () =>
            [
              ...(options.dryRun ? ['Dry run: nothing was written.'] : []),
              describeEdition(result, options.dryRun),
            ].join('\n'),
          );
        }),
    );
}
