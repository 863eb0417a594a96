import {
  approveKeyRequest,
  createApiKey,
  KEY_REQUEST_STATUSES,
  listApiKeys,
  listKeyRequests,
  rejectKeyRequest,
  revokeApiKey,
  rotateApiKey,
  type KeyRequestStatus,
} from '@islamic-data/core';
import { Command } from 'commander';
import { withServices } from '../context.js';
import { keyRequestMailer, mailFailure } from '../mail.js';
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

  keyRequestCommands(keys);
  return keys;
}

/** One line of a requester's text for the terminal: line breaks and tabs as spaces, cut to `max`. */
const oneLine = (text: string | null, max: number) => {
  if (text === null) return null;
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The queue of key requests (CONTRACT §18): list, approve (a key and a one-time claim link), reject. */
function keyRequestCommands(keys: Command): void {
  keys
    .command('requests')
    .description('List requests for keys, oldest first, with the e-mail address (for the operator only)')
    .option('--status <status>', `only one status: ${KEY_REQUEST_STATUSES.join(', ')}`)
    .option('--json', 'print JSON')
    .action((options: { status?: string; json?: boolean }) =>
      withServices(async (deps) => {
        if (options.status !== undefined && !(KEY_REQUEST_STATUSES as readonly string[]).includes(options.status))
          throw new Error(`--status must be one of ${KEY_REQUEST_STATUSES.join(', ')}.`);
        const requests = await listKeyRequests(deps, options.status as KeyRequestStatus | undefined);
        print(options.json, requests, () =>
          table(
            requests.map((request) => ({ ...request, project: oneLine(request.project, 60) })),
            ['id', 'createdAt', 'status', 'name', 'email', 'scopes', 'permissions', 'website', 'project'],
          ),
        );
      }),
    );

  keys
    .command('approve')
    .description(
      'Approve a request: makes its key and a one-time claim link (mailed with SMTP_URL, else printed); ' +
        'the key itself is shown only to whoever opens the link',
    )
    .argument('<id>', 'request id (kr_...)')
    .option('--scopes <list>', 'comma-separated resource types, or * (default: what was asked)')
    .option('--permissions <list>', 'comma-separated: read,write,delete (default: read only)')
    .option('--expires <date>', 'last day the key works (YYYY-MM-DD, UTC) or an ISO timestamp')
    .option('--name <name>', "the key's name (default: the requester's)")
    .option('--json', 'print JSON')
    .action(
      (
        id: string,
        options: { scopes?: string; permissions?: string; expires?: string; name?: string; json?: boolean },
      ) =>
        withServices(async (deps) => {
          const approved = await approveKeyRequest(deps, id, {
            name: options.name,
            scopes: options.scopes === undefined ? undefined : splitList(options.scopes),
            permissions: options.permissions === undefined ? undefined : splitList(options.permissions),
            expiresAt: options.expires ?? null,
          });
          const { request, key } = approved;
          const link = `${deps.config.publicUrl}/keys/claim/${approved.claimToken}`;
          const mailer = keyRequestMailer(deps.config);
          let mail: { sent: boolean; error?: string } | null = null;
          if (mailer) {
            mail = await mailer.approved(request, key, link).then(
              () => ({ sent: true }),
              (error: unknown) => ({ sent: false, error: mailFailure(error, request.email) }),
            );
          }
          // The link is printed unless it reached the requester: the operator never needs to hold it otherwise.
          const showLink = !mail?.sent;
          print(
            options.json,
            { request, key, claimExpiresAt: request.claimExpiresAt, mail, ...(showLink ? { link } : {}) },
            () =>
              [
                `Approved ${request.id}: key ${key.id} (${key.name}), scopes ${key.scopes.join(',')}, ` +
                  `permissions ${key.permissions.join(',')}, expires ${key.expiresAt ?? 'never'}`,
                mail?.sent
                  ? `The claim link was e-mailed to the requester (it works once, until ${request.claimExpiresAt}).`
                  : [
                      mail
                        ? `The e-mail could not be sent (${mail.error}); the approval stands.`
                        : 'No SMTP_URL is set, so nothing was e-mailed.',
                      `Send the requester this link (it shows the key once, until ${request.claimExpiresAt}):`,
                      link,
                    ].join('\n'),
              ].join('\n'),
          );
        }),
    );

  keys
    .command('reject')
    .description('Reject a request, for a reason the requester is told (by e-mail with SMTP_URL)')
    .argument('<id>', 'request id (kr_...)')
    .requiredOption('--reason <text>', 'why (sent to the requester)')
    .option('--json', 'print JSON')
    .action((id: string, options: { reason: string; json?: boolean }) =>
      withServices(async (deps) => {
        const request = await rejectKeyRequest(deps, id, options.reason);
        const mailer = keyRequestMailer(deps.config);
        let mail: { sent: boolean; error?: string } | null = null;
        if (mailer) {
          mail = await mailer.rejected(request).then(
            () => ({ sent: true }),
            (error: unknown) => ({ sent: false, error: mailFailure(error, request.email) }),
          );
        }
        print(options.json, { request, mail }, () =>
          [
            `Rejected ${request.id}.`,
            mail?.sent
              ? 'The reason was e-mailed to the requester.'
              : mail
                ? `The e-mail could not be sent (${mail.error}); tell the requester yourself.`
                : 'No SMTP_URL is set: tell the requester yourself.',
          ].join('\n'),
        );
      }),
    );
}
