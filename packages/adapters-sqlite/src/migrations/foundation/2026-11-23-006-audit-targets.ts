import type { Kysely } from 'kysely';

/**
 * Audit entries name their target as JSON (`AuditTarget`). Entries written before this migration
 * had only the resource string; this backfills their target from it, once, so that they stay
 * restorable. From here on the resource is derived from the target and never read back.
 * A resource none of these shapes matches keeps a null target: listed, but not restorable.
 */
const LEGACY_RESOURCES: [RegExp, (match: string[]) => object][] = [
  [/^quran\/editions\/([^/]+)$/, ([, lang]) => ({ type: 'quran-edition', lang })],
  [/^quran\/(\d+)\/(\d+)$/, ([, surah, ayah]) => ({ type: 'ayah', surah: Number(surah), ayah: Number(ayah) })],
  [
    /^quran\/(\d+)\/(\d+)\/translations\/([^/]+)$/,
    ([, surah, ayah, locale]) => ({ type: 'ayah-translation', surah: Number(surah), ayah: Number(ayah), locale }),
  ],
  [/^hadith\/([^/]+)$/, ([, collection]) => ({ type: 'hadith-collection', collection })],
  [/^hadith\/([^/]+)\/(\d+)$/, ([, collection, number]) => ({ type: 'hadith', collection, number: Number(number) })],
  [
    /^hadith\/([^/]+)\/(\d+)\/translations\/([^/]+)$/,
    ([, collection, number, locale]) => ({ type: 'hadith-translation', collection, number: Number(number), locale }),
  ],
  [/^mosques\/([^/]+)$/, ([, slug]) => ({ type: 'mosque', slug })],
  [/^keys\/([^/]+)$/, ([, id]) => ({ type: 'api-key', id })],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('target_json', 'text').execute();
  const rows = await db.selectFrom('audit_log').select(['id', 'resource']).execute();
  for (const { id, resource } of rows as { id: number; resource: string }[]) {
    const target = legacyTargetOf(resource);
    if (target)
      await db
        .updateTable('audit_log')
        .set({ target_json: JSON.stringify(target) })
        .where('id', '=', id)
        .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('target_json').execute();
}

function legacyTargetOf(resource: string): object | undefined {
  for (const [pattern, toTarget] of LEGACY_RESOURCES) {
    const match = pattern.exec(resource);
    if (match) return toTarget([...match]);
  }
  return undefined;
}
