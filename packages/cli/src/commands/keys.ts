import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from '@islamic-data/core';
import { Command } from 'commander';
import { withServices } from '../context.js';
import { print, splitList, table } from '../output.js';

export function keysCommand(): Command {
  const keys = new Command('keys').description(
    'Issue, list, rotate and revoke API keys (only their SHA-256 is stored)',
  );

  keys
    .command('create')
    .description('Issue a key; the key itself is printed once and never again')
    .requiredOption('--name <name>', 'who or what the key is for')
    .requiredOption(
      '--scopes <list>',
      'comma-separated resource types, or *: prayer-times,qibla,hijri,mosques,quran,hadith',
    )
    .requiredOption('--permissions <list>', 'comma-separated: read,write,delete')
    .option('--expires <date>', 'last day the key works (YYYY-MM-DD, UTC) or an ISO timestamp')
    .option('--json', 'print JSON')
    .action((options: { name: string; scopes: string; permissions: string; expires?: string; json?: boolean }) =>
      withServices(async (deps) => {
        const { key, summary } = await createApiKey(deps, {
          name: options.name,
          scopes: splitList(options.scopes),
          permissions: splitList(options.permissions),
          expiresAt: options.expires ?? null,
        });
        print(options.json, { ...summary, key }, () =>
          [
            `Created key ${summary.id} (${summary.name})`,
            `scopes: ${summary.scopes.join(',')}  permissions: ${summary.permissions.join(',')}  ` +
              `expires: ${summary.expiresAt ?? 'never'}`,
            '',
            'API key (shown only this once; store it now):',
            key,
          ].join('\n'),
        );
      }),
    );

  keys
    .command('list')
    .description('List keys: id, name, grants, expiry, last use (never the key or its hash)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        const summaries = await listApiKeys(deps.stores);
        print(options.json, summaries, () =>
          table(
            summaries.map((summary) => ({ ...summary })),
            ['id', 'name', 'scopes', 'permissions', 'expiresAt', 'revokedAt', 'lastUsedAt'],
          ),
        );
      }),
    );

  keys
    .command('revoke')
    .description('Revoke a key: its next request gets 401')
    .argument('<id>', 'key id (key_...)')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const summary = await revokeApiKey(deps, id);
        print(options.json, summary, () => `Revoked ${summary.id} (${summary.name}) at ${summary.revokedAt}`);
      }),
    );

  keys
    .command('rotate')
    .description('Issue a new key with the same grants and revoke the old one; the new key is printed once')
    .argument('<id>', 'key id (key_...)')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const { key, summary, revoked } = await rotateApiKey(deps, id);
        print(options.json, { ...summary, key, revoked }, () =>
          [
            `Revoked ${revoked.id}; its replacement is ${summary.id} (${summary.name})`,
            '',
            'API key (shown only this once; store it now):',
            key,
          ].join('\n'),
        );
      }),
    );

  return keys;
}
