import { importOsmMosques, OSM_ATTRIBUTION, readOsmFile, validationError } from '@islamic-data/core';
import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { withServices } from '../context.js';
import { print, table } from '../output.js';
import { progressBar } from '../progress.js';

/** The file's JSON, from a path or an http(s) URL (an Overpass API query URL too). */
async function readJson(from: string): Promise<unknown> {
  let text: string;
  if (/^https?:\/\//i.test(from)) {
    const response = await fetch(from);
    if (!response.ok) throw validationError(`${from} answered HTTP ${response.status}.`);
    text = await response.text();
  } else {
    try {
      text = await readFile(from, 'utf8');
    } catch (error) {
      throw validationError(`Cannot read ${from}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}.`);
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw validationError(`${from} is not JSON (an Overpass answer needs [out:json]).`);
  }
}

export function addMosqueImportCommand(importCommand: Command): void {
  importCommand
    .command('mosques')
    .description(
      'Import mosques from OpenStreetMap (amenity=place_of_worship + religion=muslim) as Overpass JSON or GeoJSON: ' +
        'nodes, ways and relations (their centre), published with their OSM id and the ODbL credit; ' +
        'one transaction per file, idempotent by OSM id (a re-import updates and keeps schedules set through the ' +
        'API); elements that cannot be imported are counted by reason and skipped',
    )
    .requiredOption('--from <file|url>', 'an Overpass API answer ([out:json] … out center;) or a GeoJSON file')
    .option('--country <code>', 'ISO 3166-1 alpha-2 for elements without addr:country (default: from the time zone)')
    .option('--json', 'print JSON')
    .action((options: { from: string; country?: string; json?: boolean }) =>
      withServices(async (deps) => {
        const elements = readOsmFile(await readJson(options.from));
        process.stderr.write(`Importing ${elements.length} elements from ${options.from}\n`);
        const bar = progressBar('elements', { total: elements.length });
        const summary = await importOsmMosques(deps, elements, {
          label: options.from,
          country: options.country,
          onProgress: (done, total) => bar?.update(done, total),
        }).finally(() => bar?.stop());
        print(options.json, summary, () =>
          [
            table(
              [{ ...summary, skippedByReason: undefined }],
              ['elements', 'imported', 'updated', 'unchanged', 'skipped'],
            ),
            ...Object.entries(summary.skippedByReason).map(([reason, count]) => `  skipped ${reason}: ${count}`),
            `Data ${OSM_ATTRIBUTION} (https://www.openstreetmap.org/copyright).`,
          ].join('\n'),
        );
      }),
    );
}
