/** What an audited write changed, as data: rollbacks pick their restorer by `type`. */
export type AuditTarget =
  | { type: 'ayah'; surah: number; ayah: number }
  | { type: 'ayah-translation'; surah: number; ayah: number; locale: string }
  | { type: 'quran-edition'; lang: string }
  // A hadith's `number` is the number it is cited by; an integer is the position that entries
  // written before standard numbers named it by.
  | { type: 'hadith'; collection: string; number: string | number }
  | { type: 'hadith-translation'; collection: string; number: string | number; locale: string }
  | { type: 'hadith-collection'; collection: string }
  | { type: 'mosque'; slug: string }
  | { type: 'mosque-schedule'; slug: string }
  | { type: 'mosque-import' }
  | { type: 'api-key'; id: string }
  | { type: 'key-request'; id: string };

export type AuditTargetType = AuditTarget['type'];
export type AuditTargetOf<Type extends AuditTargetType> = Extract<AuditTarget, { type: Type }>;

/**
 * The readable name of a target, e.g. `quran/2/255/translations/en`: what the CLI shows and
 * `audit list --resource PREFIX` filters on. Derived from the target, never parsed back.
 */
export function auditResource(target: AuditTarget): string {
  switch (target.type) {
    case 'ayah':
      return `quran/${target.surah}/${target.ayah}`;
    case 'ayah-translation':
      return `quran/${target.surah}/${target.ayah}/translations/${target.locale}`;
    case 'quran-edition':
      return `quran/editions/${target.lang}`;
    case 'hadith':
      return `hadith/${target.collection}/${target.number}`;
    case 'hadith-translation':
      return `hadith/${target.collection}/${target.number}/translations/${target.locale}`;
    case 'hadith-collection':
      return `hadith/${target.collection}`;
    case 'mosque':
      return `mosques/${target.slug}`;
    case 'mosque-import':
      return 'mosques/import';
    case 'mosque-schedule':
      return `mosques/${target.slug}/schedule`;
    case 'api-key':
      return `keys/${target.id}`;
    case 'key-request':
      return `keys/requests/${target.id}`;
  }
}
