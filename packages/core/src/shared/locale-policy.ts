import type { Actor } from '../audit/audit-entry.js';
import { AppError } from '../errors.js';
import type { Stores } from './unit-of-work.js';

/**
 * What a deployment lets API keys write translations in (issue 26): `accepted` locales (a tag also
 * accepts its subtags: `en` accepts `en-gb`; absent: any well-formed tag) and a cap on the distinct
 * locales one key may start translations in per UTC day (absent: no cap).
 */
export interface LocalePolicy {
  accepted?: readonly string[];
  newLocalesPerKeyPerDay?: number;
}

/** 403 FORBIDDEN_LOCALE for a locale the deployment does not accept. */
export function assertAcceptedLocale(policy: LocalePolicy | undefined, locale: string): void {
  const accepted = policy?.accepted;
  if (accepted === undefined || accepted.some((tag) => locale === tag || locale.startsWith(`${tag}-`))) return;
  throw new AppError(
    'FORBIDDEN_LOCALE',
    `This deployment does not accept translations in '${locale}'; it accepts ${accepted.join(', ')}.`,
  );
}

/**
 * Before a key creates a translation a record did not have: the locales this key created translations
 * in since 00:00 UTC (read from the audit log, in the same transaction) may not exceed the cap, a locale
 * already among them costing nothing. 429 RATE_LIMITED otherwise; replacing a translation never counts,
 * nor does the operator (no key).
 */
export async function assertNewLocaleAllowed(
  deps: { localePolicy?: LocalePolicy },
  stores: Stores,
  actor: Actor,
  locale: string,
  at: string,
): Promise<void> {
  const cap = deps.localePolicy?.newLocalesPerKeyPerDay;
  if (cap === undefined || actor.keyId === null) return;
  const started = new Set(await stores.audit.localesCreatedBy(actor.keyId, `${at.slice(0, 10)}T00:00:00.000Z`));
  if (started.has(locale) || started.size < cap) return;
  throw new AppError(
    'RATE_LIMITED',
    `This key has started translations in ${started.size} locales today (UTC), the most a key may; ` +
      `'${locale}' can be written from 00:00 UTC tomorrow, or into a record that already has it.`,
  );
}
