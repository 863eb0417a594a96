import { validationError } from '@islamic-data/core';
import {
  DatasetUnavailable,
  fetchDataset,
  loadUpstreamManifest,
  type UpstreamDataset,
  type UpstreamManifest,
} from '@islamic-data/sources';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { withServices } from '../context.js';
import { print, splitList, table } from '../output.js';
import { progressBar } from '../progress.js';
import { importDataset } from './import-dataset.js';

export interface DatasetOutcome {
  dataset: string;
  status: 'imported' | 'unchanged' | 'failed';
  files: number;
  /** Files fetched in this run (the rest were in the cache, verified). */
  fetched: number;
  detail: string;
  ms: number;
  /** What the dataset's import reported (a hadith collection's summary), when it ran. */
  report?: unknown;
}

export function addImportAllCommand(importCommand: Command): void {
  importCommand
    .command('all')
    .description(
      'Fetch the pinned upstream files that are missing from the cache or changed (DATA_MIRROR replaces ' +
        'https://raw.githubusercontent.com), verify each against the manifest (SHA-256), then import each dataset. ' +
        'A dataset with a file missing or not matching is not imported; the others are. Exits non-zero naming ' +
        'every dataset it could not import. A second run fetches and writes nothing.',
    )
    .option('--datasets <list>', 'comma-separated datasets (default: every default dataset; --list shows them)')
    .option('--list', 'list the datasets of the manifest and exit')
    .option('--json', 'print JSON')
    .action((options: { datasets?: string; list?: boolean; json?: boolean }) => importAll(options));
}

async function importAll(options: { datasets?: string; list?: boolean; json?: boolean }): Promise<void> {
  const config = loadConfig();
  const manifest = await loadUpstreamManifest();
  const selected = selectDatasets(manifest, options.datasets);
  if (options.list) {
    const rows = manifest.datasets.map((dataset) => ({
      dataset: dataset.name,
      default: dataset.default ? 'yes' : 'no',
      files: dataset.files.length,
      mb: (dataset.files.reduce((sum, file) => sum + file.size, 0) / 1e6).toFixed(1),
      description: dataset.description,
    }));
    return print(options.json, rows, () => table(rows, ['dataset', 'default', 'files', 'mb', 'description']));
  }
  const outcomes = await withServices(async (deps) => {
    const reachability = { unreachable: null as string | null };
    const results: DatasetOutcome[] = [];
    for (const dataset of selected) {
      const started = Date.now();
      let fetched = 0;
      try {
        if (dataset.files.length > 0) {
          const bar = progressBar('bytes', { label: `${dataset.name} fetch` });
          const report = await fetchDataset(manifest, dataset, {
            cacheDir: config.dataCacheDir,
            rawBase: config.dataMirror,
            reachability,
            onProgress: (done, total) => bar?.update(done, total),
          }).finally(() => bar?.stop());
          fetched = report.fetched;
        }
        const imported = await importDataset(deps, dataset, config.dataCacheDir);
        results.push({
          ...outcome(dataset, imported.changed ? 'imported' : 'unchanged', fetched, imported.summary, started),
          ...(imported.report === undefined ? {} : { report: imported.report }),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const detail = error instanceof DatasetUnavailable ? message : `${dataset.name}: ${message}`;
        results.push(outcome(dataset, 'failed', fetched, detail, started));
      }
      process.stderr.write(progressLine(results.at(-1)!, results.length, selected.length));
    }
    return results;
  });
  print(options.json, outcomes, () =>
    table(
      outcomes.map((row) => ({ ...row, detail: row.status === 'failed' ? '(below)' : row.detail })),
      ['dataset', 'status', 'files', 'fetched', 'ms', 'detail'],
    ),
  );
  const failed = outcomes.filter((row) => row.status === 'failed');
  if (failed.length > 0) {
    throw new Error(
      `import all could not import ${failed.length} of ${outcomes.length} datasets ` +
        `(${failed.map((row) => row.dataset).join(', ')}); ` +
        'the others are imported and the server serves what the database holds.\n' +
        failed.map((row) => `  ${row.detail}`).join('\n'),
    );
  }
}

function selectDatasets(manifest: UpstreamManifest, list: string | undefined): UpstreamDataset[] {
  if (list === undefined) return manifest.datasets.filter((dataset) => dataset.default);
  const names = splitList(list);
  const unknown = names.filter((name) => !manifest.datasets.some((dataset) => dataset.name === name));
  if (unknown.length > 0) {
    throw validationError(
      `datasets names ${unknown.map((name) => `'${name}'`).join(', ')}, not in the manifest ` +
        `(${manifest.datasets.map((dataset) => dataset.name).join(', ')}).`,
    );
  }
  // A translation, the words and other scripts are stored against the Quran's ayahs, so the Quran comes with them.
  const onAyahs = ['quran-translation', 'quran-words', 'quran-script'];
  if (manifest.datasets.some((dataset) => names.includes(dataset.name) && onAyahs.includes(dataset.kind)))
    names.push(...manifest.datasets.filter((dataset) => dataset.kind === 'quran-json').map((dataset) => dataset.name));
  return manifest.datasets.filter((dataset) => names.includes(dataset.name));
}

function outcome(
  dataset: UpstreamDataset,
  status: DatasetOutcome['status'],
  fetched: number,
  detail: string,
  started: number,
): DatasetOutcome {
  return { dataset: dataset.name, status, files: dataset.files.length, fetched, detail, ms: Date.now() - started };
}

const progressLine = (row: DatasetOutcome, done: number, total: number) =>
  `[${done}/${total}] ${row.dataset}: ${row.status}` +
  (row.files > 0 ? `, ${row.fetched} of ${row.files} files fetched` : '') +
  (row.status === 'failed' ? '' : ` (${row.detail})`) +
  ` in ${row.ms} ms\n`;
