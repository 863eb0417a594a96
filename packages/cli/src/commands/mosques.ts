import {
  approveMosque,
  DUPLICATE_RADIUS_KM,
  listPendingMosques,
  MOSQUE_LIST_LIMIT,
  rejectMosque,
  toAuditSnapshot,
  unpublishMosque,
  type MosqueRecord,
} from '@islamic-data/core';
import { Command, InvalidArgumentError } from 'commander';
import { withServices } from '../context.js';
import { parsePositiveInteger, print, table } from '../output.js';

const coordinate = (value: string) => {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed)) throw new InvalidArgumentError('not a number.');
  return parsed;
};

const positiveInteger = (value: string) => {
  const parsed = parsePositiveInteger(value);
  if (parsed === undefined) throw new InvalidArgumentError('not a positive integer.');
  return parsed;
};

/** What moderation commands print of a mosque: everything but the submitter's e-mail. */
const operatorView = (record: MosqueRecord) => toAuditSnapshot(record);

export function mosquesCommand(): Command {
  const mosques = new Command('mosques').description(
    'Moderate submitted mosques (each decision is audited with the operator as actor)',
  );

  mosques
    .command('pending')
    .description(
      "List submissions waiting for moderation, oldest first, with the submitter's e-mail (shown to the operator only)",
    )
    .option('--limit <n>', 'at most this many', positiveInteger, MOSQUE_LIST_LIMIT.max)
    .option('--json', 'print JSON')
    .action((options: { limit: number; json?: boolean }) =>
      withServices(async (deps) => {
        const pending = await listPendingMosques(deps.stores, options.limit);
        print(options.json, pending, () =>
          table(
            pending.map((record) => ({ ...record })),
            ['slug', 'nameEn', 'city', 'country', 'lat', 'lng', 'submittedAt', 'submitterEmail'],
          ),
        );
      }),
    );

  mosques
    .command('approve')
    .description(
      `Publish a pending (or unpublished) mosque; it needs coordinates. ` +
        `Warns about a published mosque within ${DUPLICATE_RADIUS_KM * 1000} m with a similar name, ` +
        `and approves anyway`,
    )
    .argument('<slug>', 'mosque slug')
    .option('--lat <degrees>', 'latitude, replacing the submitted one (with --lng)', coordinate)
    .option('--lng <degrees>', 'longitude, replacing the submitted one (with --lat)', coordinate)
    .option('--json', 'print JSON')
    .action((slug: string, options: { lat?: number; lng?: number; json?: boolean }) =>
      withServices(async (deps) => {
        const { mosque, possibleDuplicates } = await approveMosque(deps, slug, { lat: options.lat, lng: options.lng });
        for (const duplicate of possibleDuplicates) {
          process.stderr.write(
            `warning: published mosque '${duplicate.slug}' (${duplicate.nameEn}) ` +
              `is ${duplicate.distanceM} m away with a similar name; ` +
              `if it is the same mosque, unpublish one of them (mosques unpublish SLUG).\n`,
          );
        }
        print(
          options.json,
          { mosque: operatorView(mosque), possibleDuplicates },
          () => `Published ${mosque.slug} (${mosque.nameEn}) at ${mosque.lat}, ${mosque.lng}.`,
        );
      }),
    );

  mosques
    .command('reject')
    .description('Reject a pending submission (final: a corrected mosque is submitted again)')
    .argument('<slug>', 'mosque slug')
    .requiredOption('--reason <text>', 'why, kept with the mosque and in the audit log')
    .option('--json', 'print JSON')
    .action((slug: string, options: { reason: string; json?: boolean }) =>
      withServices(async (deps) => {
        const mosque = await rejectMosque(deps, slug, options.reason);
        print(
          options.json,
          operatorView(mosque),
          () => `Rejected ${mosque.slug} (${mosque.nameEn}): ${mosque.moderationReason}`,
        );
      }),
    );

  mosques
    .command('unpublish')
    .description('Take a published mosque out of the API; approve publishes it again')
    .argument('<slug>', 'mosque slug')
    .option('--reason <text>', 'why, kept with the mosque and in the audit log')
    .option('--json', 'print JSON')
    .action((slug: string, options: { reason?: string; json?: boolean }) =>
      withServices(async (deps) => {
        const mosque = await unpublishMosque(deps, slug, options.reason ?? null);
        print(options.json, operatorView(mosque), () => `Unpublished ${mosque.slug} (${mosque.nameEn}).`);
      }),
    );

  return mosques;
}
