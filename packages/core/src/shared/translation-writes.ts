import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { assertWritableLocale } from './locale.js';
import { AUDIT_ACTIONS, type ContentMetadata, type Translation } from './translation.js';
import type { Stores, UnitOfWork } from './unit-of-work.js';

export interface ContentWriteDeps {
  unitOfWork: UnitOfWork;
  clock: Clock;
}

/** The translations of one ayah or hadith, as a write reaches them inside a transaction. */
export interface TranslatedRecord {
  /** Throws NOT_FOUND when the ayah or hadith does not exist. */
  assertExists(): Promise<void>;
  get(locale: string): Promise<Translation | undefined>;
  put(translation: Translation): Promise<void>;
  delete(locale: string): Promise<void>;
  /** The audit resource of one of its translations. */
  resource(locale: string): string;
  /** How a message names the record, e.g. `Ayah 2:255`. */
  label: string;
}

/**
 * Creates or replaces one translation, audited in the same transaction. Repeating the same text
 * changes nothing (the stored `updatedAt` stays) but is still audited, before = after.
 */
export async function putTranslation(
  deps: ContentWriteDeps,
  recordIn: (stores: Stores) => TranslatedRecord,
  input: { locale: string; text: string },
  actor: Actor,
): Promise<{ created: boolean; translation: Translation }> {
  assertWritableLocale(input.locale);
  return deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString(); // inside the transaction: audit times follow commit order
    const record = recordIn(stores);
    await record.assertExists();
    const before = (await record.get(input.locale)) ?? null;
    if (before?.text !== input.text) await record.put({ locale: input.locale, text: input.text, updatedAt: at });
    const after = (await record.get(input.locale))!;
    await stores.audit.append({ at, ...actor, action: AUDIT_ACTIONS.putTranslation, resource: record.resource(input.locale), before, after });
    return { created: before === null, translation: after };
  });
}

/** Deletes one translation (404 when there is none), audited with after = null. */
export async function deleteTranslation(
  deps: ContentWriteDeps,
  recordIn: (stores: Stores) => TranslatedRecord,
  locale: string,
  actor: Actor,
): Promise<void> {
  assertWritableLocale(locale);
  await deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString();
    const record = recordIn(stores);
    await record.assertExists();
    const before = await record.get(locale);
    if (!before) throw notFound(`${record.label} has no '${locale}' translation.`);
    await record.delete(locale);
    await stores.audit.append({ at, ...actor, action: AUDIT_ACTIONS.deleteTranslation, resource: record.resource(locale), before, after: null });
  });
}

/** One ayah or hadith as a metadata patch reaches it inside a transaction. */
export interface PatchableRecord<Record, Metadata extends ContentMetadata> {
  /** The whole record, every translation included; throws NOT_FOUND when it does not exist. */
  require(): Promise<Record>;
  setMetadata(metadata: Metadata): Promise<unknown>;
  metadataOf(record: Record): Metadata;
  /** Its audit resource. */
  resource: string;
}

/** Patches the given metadata fields (a checked patch); the audit entry holds the whole record before and after. */
export async function patchMetadata<Record, Metadata extends ContentMetadata>(
  deps: ContentWriteDeps,
  recordIn: (stores: Stores) => PatchableRecord<Record, Metadata>,
  patch: Partial<Metadata>,
  actor: Actor,
): Promise<Record> {
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<Metadata>;
  return deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString();
    const record = recordIn(stores);
    const before = await record.require();
    await record.setMetadata({ ...record.metadataOf(before), ...given });
    const after = await record.require();
    await stores.audit.append({ at, ...actor, action: AUDIT_ACTIONS.patchMetadata, resource: record.resource, before, after });
    return after;
  });
}
