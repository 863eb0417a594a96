import type { HadithCollectionInfo, HadithNumbering } from '@islamic-data/core';
import type { Selectable } from 'kysely';

export interface HadithCollectionsTable {
  slug: string;
  name: string;
  name_ar: string;
  position: number;
  numbering: HadithNumbering;
}

export function toHadithCollectionRow(info: HadithCollectionInfo): HadithCollectionsTable {
  return { slug: info.slug, name: info.name, name_ar: info.nameAr, position: info.position, numbering: info.numbering };
}

export function fromHadithCollectionRow(row: Selectable<HadithCollectionsTable>): HadithCollectionInfo {
  return { slug: row.slug, name: row.name, nameAr: row.name_ar, position: row.position, numbering: row.numbering };
}
