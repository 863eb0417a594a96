import type { Edition, EditionResource } from '@islamic-data/core';
import type { Selectable } from 'kysely';

export interface EditionsTable {
  resource: EditionResource;
  /** '' for the Quran. */
  collection: string;
  lang: string;
  name: string;
  translator: string | null;
  attribution: string;
  license: string;
  source_url: string;
  public_domain: number;
}

export function toEditionRow(edition: Edition): EditionsTable {
  return {
    resource: edition.resource,
    collection: edition.collection ?? '',
    lang: edition.lang,
    name: edition.name,
    translator: edition.translator,
    attribution: edition.attribution,
    license: edition.license,
    source_url: edition.sourceUrl,
    public_domain: edition.publicDomain ? 1 : 0,
  };
}

export function fromEditionRow(row: Selectable<EditionsTable>): Edition {
  return {
    resource: row.resource,
    collection: row.collection === '' ? null : row.collection,
    lang: row.lang,
    name: row.name,
    translator: row.translator,
    attribution: row.attribution,
    license: row.license,
    sourceUrl: row.source_url,
    publicDomain: row.public_domain === 1,
  };
}
