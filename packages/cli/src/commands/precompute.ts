import { apiRoutes, precomputeAnswers, type PrecomputeReport } from '@islamic-data/http-express';
import { Command } from 'commander';
import { withServices } from '../context.js';
import { print } from '../output.js';
import { progressBar } from '../progress.js';

export function precomputeCommand(): Command {
  return new Command('precompute')
    .description(
      'Compute the large reads apps ask for most (every surah, juz, page, hizb quarter, ruku and manzil with all ' +
        'translations and with each alone; each surah of each language’s download; the first page of each Hadith ' +
        'book) and keep them, compressed, in the database: the server then sends them without building them. ' +
        'Answers still current are left; run it after imports and writes (`npm run up` runs it after `import all`). ' +
        'Safe while the server runs.',
    )
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        const bar = progressBar('answers', { label: 'precompute' });
        const report = await precomputeAnswers(deps, apiRoutes, (done, total) => bar?.update(done, total)).finally(() =>
          bar?.stop(),
        );
        print(options.json, report, () => describeReport(report));
      }),
    );
}

const describeReport = (report: PrecomputeReport): string =>
  `Precomputed ${report.computed} answers (${(report.bytes / 1e6).toFixed(1)} MB compressed); ` +
  `${report.current} were current, ${report.skipped} had nothing to keep.`;
