import {
  contentRestorers,
  rollbackEntry,
  rollbackKeySince,
  validationError,
  type AuditEntry,
  type RollbackResult,
} from '@islamic-data/core';
import { Command } from 'commander';
import { withServices } from '../context.js';
import { describeChanges } from '../diff.js';
import { parsePositiveInteger, print, table } from '../output.js';

export function auditCommand(): Command {
  const audit = new Command('audit').description('Browse the audit log of every write, and roll writes back');

  audit
    .command('list')
    .description('Entries newest first')
    .option('--key <id>', 'only writes of this key id')
    .option('--resource <prefix>', 'only resources starting with this, e.g. quran/2/255')
    .option('--action <action>', 'only this action, e.g. translation.put')
    .option('--since <iso>', 'only entries at or after this time')
    .option('--until <iso>', 'only entries at or before this time')
    .option('--limit <n>', 'at most this many entries', '50')
    .option('--json', 'print JSON')
    .action(
      (options: {
        key?: string;
        resource?: string;
        action?: string;
        since?: string;
        until?: string;
        limit: string;
        json?: boolean;
      }) =>
        withServices(async (deps) => {
          const entries = await deps.stores.audit.list({
            keyId: options.key,
            resourcePrefix: options.resource,
            action: options.action,
            since: options.since === undefined ? undefined : isoTime(options.since, 'since'),
            until: options.until === undefined ? undefined : isoTime(options.until, 'until'),
            limit: positiveInteger(options.limit, 'limit'),
          });
          print(options.json, entries, () =>
            table(
              entries.map((entry) => ({ ...entry, key: entry.keyId ?? entry.keyName, reverts: entry.revertsEntryId })),
              ['id', 'at', 'key', 'action', 'resource', 'reverts'],
            ),
          );
        }),
    );

  audit
    .command('show')
    .description('One entry with a readable diff of its before and after')
    .argument('<id>', 'entry id')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const entry = await deps.stores.audit.get(positiveInteger(id, 'id'));
        if (!entry) throw validationError(`No audit entry with id ${id}.`);
        print(options.json, entry, () => [headline(entry), ...describeChanges(entry.before, entry.after)].join('\n'));
      }),
    );

  audit
    .command('rollback')
    .description(
      'Undo one entry (ID), or every write of a key since a time (--key --since), newest first, in one transaction',
    )
    .argument('[id]', 'entry id to undo')
    .option('--key <id>', 'undo every write of this key ...')
    .option('--since <iso>', '... made at or after this time')
    .option('--force', 'undo even when the record changed after the entry')
    .option('--dry-run', 'list what would change; change nothing')
    .option('--json', 'print JSON')
    .action(
      (
        id: string | undefined,
        options: { key?: string; since?: string; force?: boolean; dryRun?: boolean; json?: boolean },
      ) =>
        withServices(async (deps) => {
          const rollbackDeps = { ...deps, restorers: contentRestorers };
          let result: RollbackResult;
          if (id !== undefined) {
            if (options.key !== undefined || options.since !== undefined)
              throw validationError('Give either an entry id or --key with --since, not both.');
            if (options.dryRun) throw validationError('--dry-run applies to --key/--since rollbacks.');
            result = await rollbackEntry(rollbackDeps, positiveInteger(id, 'id'), { force: options.force });
          } else {
            if (options.key === undefined || options.since === undefined)
              throw validationError('Give an entry id, or both --key and --since.');
            result = await rollbackKeySince(rollbackDeps, {
              keyId: options.key,
              since: options.since,
              force: options.force,
              dryRun: options.dryRun,
            });
          }
          print(options.json, result, () => describeResult(result));
        }),
    );

  audit
    .command('prune')
    .description(
      'Delete the entries written before a date, keeping the newest entry of each record ' +
        '(what a rollback of its latest write needs) unless --force, and every entry a remaining rollback reverted',
    )
    .requiredOption('--before <iso>', 'delete entries written before this time (a date is its 00:00 UTC)')
    .option('--force', 'also delete the newest entry of each record (its latest write can then not be rolled back)')
    .option('--json', 'print JSON')
    .action((options: { before: string; force?: boolean; json?: boolean }) =>
      withServices(async (deps) => {
        const before = isoTime(options.before, 'before');
        const result = await deps.unitOfWork.run((stores) => stores.audit.prune(before, { force: options.force }));
        print(options.json, { before, ...result }, () =>
          [
            `Deleted ${result.deleted} audit entries written before ${before}.`,
            ...(result.kept > 0
              ? [`Kept ${result.kept} older entries that a rollback still needs (--force deletes them too).`]
              : []),
          ].join('\n'),
        );
      }),
    );

  return audit;
}

function describeResult(result: RollbackResult): string {
  if (result.undone.length === 0) return 'Nothing to roll back.';
  const verb = result.dryRun ? 'Would undo' : 'Undid';
  return result.undone
    .map(({ entry, current, restored }) =>
      [`${verb} ${headline(entry)}`, ...describeChanges(current, restored).map((line) => `  ${line}`)].join('\n'),
    )
    .join('\n');
}

const headline = (entry: AuditEntry) => {
  const key = entry.keyId ? ` (${entry.keyId})` : '';
  const reverts = entry.revertsEntryId ? ` reverting #${entry.revertsEntryId}` : '';
  return `#${entry.id} ${entry.at} ${entry.action} ${entry.resource} by ${entry.keyName}${key}${reverts}`;
};

function positiveInteger(value: string, name: string): number {
  const parsed = parsePositiveInteger(value);
  if (parsed === undefined) throw validationError(`${name} must be a positive integer, got '${value}'.`);
  return parsed;
}

function isoTime(value: string, name: string): string {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw validationError(`${name} must be an ISO 8601 time, got '${value}'.`);
  return parsed.toISOString();
}
