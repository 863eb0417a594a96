import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { AppError, notFound } from '../errors.js';
import { parameterError } from '../parameter-error.js';
import { CUSTOM_METHOD_ID } from '../prayer-times/calculation-methods.js';
import { AUTO_METHOD_ID } from '../prayer-times/method-by-country.js';
import type { PrayerOffsets } from '../prayer-times/prayer-names.js';
import { resolvePrayerSettings } from '../prayer-times/prayer-settings.js';
import type { HighLatitudeRuleName, MadhabName } from '../prayer-times/prayer-times-types.js';
import type { Stores, UnitOfWork } from '../shared/unit-of-work.js';
import { MOSQUE_AUDIT_ACTIONS, type MosqueRecord } from './mosque.js';

/** The prayers a congregation prays together, each with its iqama. */
export const IQAMA_PRAYERS = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type IqamaPrayer = (typeof IQAMA_PRAYERS)[number];

/** `after`: minutes after the adhan; `at`: a fixed local time, HH:MM. */
export type IqamaRule = { after: number } | { at: string };

export const SCHEDULE_LIMITS = { maxIqamaAfter: 180, maxJumuah: 6 } as const;

/** Local time of day, 00:00–23:59. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A mosque's own prayer schedule (CONTRACT §20), as stored and shown. */
export interface MosqueSchedule {
  /** A method slug of `GET /prayer-times/methods`, or `auto` (the method of the mosque's country). */
  method: string;
  madhab: MadhabName;
  /** null: the rule recommended for the mosque's latitude. */
  highLatitudeRule: HighLatitudeRuleName | null;
  adjustments: Partial<PrayerOffsets>;
  hijriAdjustment: number;
  /** Every prayer present: null where the mosque gives no iqama time. */
  iqama: Record<IqamaPrayer, IqamaRule | null>;
  /** Jumu'ah times (local HH:MM, ascending), on Fridays. */
  jumuah: string[];
  updatedAt: string;
}

/** What `PUT /mosques/{slug}/schedule` takes: every field but `updatedAt`, each optional. */
export interface MosqueScheduleInput {
  method?: string | number;
  madhab?: MadhabName;
  highLatitudeRule?: HighLatitudeRuleName | null;
  adjustments?: Partial<PrayerOffsets>;
  hijriAdjustment?: number;
  iqama?: Partial<Record<IqamaPrayer, IqamaRule | null>>;
  jumuah?: string[];
}

/**
 * Checks a schedule for a mosque at `lat`,`lng` exactly as `GET /prayer-times` checks its parameters (known
 * method, madhab and high-latitude rule; adjustments by name within range), plus the iqama and Jumu'ah
 * times; the first bad field is named. The method is stored by its slug (an Aladhan number becomes its slug).
 */
export function checkedSchedule(
  input: MosqueScheduleInput,
  place: { lat: number; lng: number },
  updatedAt: string,
): MosqueSchedule {
  if (input.method === CUSTOM_METHOD_ID)
    throw parameterError('method', 'method custom is not available for a mosque schedule: choose a named method.');
  const settings = resolvePrayerSettings({
    lat: place.lat,
    lng: place.lng,
    method: input.method,
    madhab: input.madhab,
    highLatitudeRule: input.highLatitudeRule ?? undefined,
    adjustments: input.adjustments,
    hijriAdjustment: input.hijriAdjustment,
  });
  const iqama = Object.fromEntries(
    IQAMA_PRAYERS.map((prayer) => [prayer, checkedIqama(prayer, input.iqama?.[prayer] ?? null)]),
  ) as Record<IqamaPrayer, IqamaRule | null>;
  const jumuah = input.jumuah ?? [];
  if (!Array.isArray(jumuah) || jumuah.length > SCHEDULE_LIMITS.maxJumuah)
    throw parameterError('jumuah', `jumuah must be a list of at most ${SCHEDULE_LIMITS.maxJumuah} times.`);
  jumuah.forEach((time, index) => {
    if (typeof time !== 'string' || !CLOCK_TIME.test(time))
      throw parameterError(`jumuah.${index}`, `jumuah.${index} must be a local time written HH:MM.`);
  });
  if (new Set(jumuah).size !== jumuah.length) throw parameterError('jumuah', 'jumuah must not repeat a time.');
  return {
    method: input.method === AUTO_METHOD_ID ? AUTO_METHOD_ID : settings.method.id,
    madhab: settings.madhab,
    highLatitudeRule: input.highLatitudeRule ?? null,
    adjustments: settings.adjustments,
    hijriAdjustment: settings.hijriAdjustment,
    iqama,
    jumuah: [...jumuah].sort(),
    updatedAt,
  };
}

function checkedIqama(prayer: IqamaPrayer, rule: unknown): IqamaRule | null {
  const field = `iqama.${prayer}`;
  if (rule === null) return null;
  if (typeof rule !== 'object' || Array.isArray(rule))
    throw parameterError(field, `${field} must be {"after": minutes} or {"at": "HH:MM"}.`);
  const keys = Object.keys(rule);
  if (keys.length === 1 && keys[0] === 'after') {
    const after = (rule as { after: unknown }).after;
    if (!Number.isInteger(after) || (after as number) < 0 || (after as number) > SCHEDULE_LIMITS.maxIqamaAfter)
      throw parameterError(
        `${field}.after`,
        `${field}.after must be a whole number of minutes from 0 to ${SCHEDULE_LIMITS.maxIqamaAfter}.`,
      );
    return { after: after as number };
  }
  if (keys.length === 1 && keys[0] === 'at') {
    const at = (rule as { at: unknown }).at;
    if (typeof at !== 'string' || !CLOCK_TIME.test(at))
      throw parameterError(`${field}.at`, `${field}.at must be a local time written HH:MM.`);
    return { at };
  }
  throw parameterError(field, `${field} must be {"after": minutes} or {"at": "HH:MM"}.`);
}

/**
 * Replaces the schedule of a published mosque and audits it (target `mosque-schedule`, before and after the
 * schedule) in the same transaction.
 */
export async function putMosqueSchedule(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  slug: string,
  input: MosqueScheduleInput,
  actor: Actor,
): Promise<MosqueSchedule> {
  const at = deps.clock.now().toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const before = await publishedRecord(stores, slug);
    const schedule = checkedSchedule(input, before, at);
    await stores.mosques.update({ ...before, schedule, updatedAt: at });
    await stores.audit.append({
      at,
      ...actor,
      action: MOSQUE_AUDIT_ACTIONS.schedule,
      target: { type: 'mosque-schedule', slug },
      before: before.schedule,
      after: schedule,
    });
    return schedule;
  });
}

async function publishedRecord(
  stores: Pick<Stores, 'mosques'>,
  slug: string,
): Promise<MosqueRecord & { lat: number; lng: number }> {
  const record = await stores.mosques.get(slug);
  if (!record || record.status !== 'published' || record.lat === null || record.lng === null)
    throw notFound(`There is no published mosque '${slug}'.`);
  return record as MosqueRecord & { lat: number; lng: number };
}

/** Whether an audited snapshot is a schedule (or null: none), as a rollback puts it back. */
function scheduleOf(snapshot: unknown): MosqueSchedule | null {
  if (snapshot === null || snapshot === undefined) return null;
  if (typeof snapshot !== 'object' || !('iqama' in snapshot) || !('method' in snapshot))
    throw new AppError('CONFLICT', 'The audit entry does not hold a mosque schedule.');
  return snapshot as MosqueSchedule;
}

/** Rolls back `mosques.schedule.put` (and rollbacks of it): puts the earlier schedule back exactly, or none. */
export const mosqueScheduleRestorer = {
  current: async (stores: Stores, { slug }: { slug: string }) => (await stores.mosques.get(slug))?.schedule ?? null,
  comparable: scheduleOf,
  async restore(stores: Stores, { slug }: { slug: string }, snapshot: unknown) {
    const record = await stores.mosques.get(slug);
    if (!record) throw new AppError('CONFLICT', `Mosque '${slug}' no longer exists.`);
    await stores.mosques.update({ ...record, schedule: scheduleOf(snapshot) });
  },
};
