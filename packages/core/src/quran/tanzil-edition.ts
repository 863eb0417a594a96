import { validationError } from '../errors.js';
import type { Edition } from '../editions/edition.js';
import type { AyahText } from './quran.js';

/** What the comment at the top of a Tanzil translation file says about it. */
export interface TanzilHeader {
  name?: string;
  translator?: string;
  language?: string;
  id?: string;
  lastUpdate?: string;
  source?: string;
}

/** A Tanzil translation file as read: its header and every ayah's text, in file order. */
export interface TanzilTranslation {
  header: TanzilHeader;
  texts: AyahText[];
}

export const TANZIL_TRANSLATIONS_URL = 'https://tanzil.net/trans/';

/**
 * Tanzil's terms for its translations, in the words ../shared/data/README.md quotes from tanzil.net/trans:
 * non-commercial, permission otherwise, credit and a link back.
 */
export const TANZIL_TRANSLATION_LICENSE =
  'Copyright of the translator or publisher, not public domain. Tanzil.net: "The translations provided at this page ' +
  'are for non-commercial purposes only. If used otherwise, you need to obtain necessary permission from the ' +
  'translator or the publisher." Credit the translator and Tanzil.net and link to https://tanzil.net/trans/.';

export type EditionOverrides = Partial<
  Pick<Edition, 'name' | 'translator' | 'attribution' | 'license' | 'sourceUrl' | 'publicDomain'>
>;

/**
 * The edition of a Tanzil translation file: what the operator gave, else what the file's header
 * says. Licence defaults (Tanzil's terms) apply only to a file whose header names Tanzil as its source;
 * for any other file the operator must state attribution, licence and source.
 */
export function tanzilEdition(lang: string, header: TanzilHeader, overrides: EditionOverrides = {}): Edition {
  const fromTanzil = /tanzil/i.test(header.source ?? '');
  const translator = overrides.translator ?? header.translator ?? null;
  const name = overrides.name ?? header.name ?? translator;
  const attribution =
    overrides.attribution ??
    (fromTanzil
      ? `${translator ? `Translation by ${translator}, from` : 'From'} Tanzil.net (${TANZIL_TRANSLATIONS_URL}).`
      : undefined);
  const license = overrides.license ?? (fromTanzil ? TANZIL_TRANSLATION_LICENSE : undefined);
  const sourceUrl = overrides.sourceUrl ?? (fromTanzil ? `${TANZIL_TRANSLATIONS_URL}${header.id ?? ''}` : undefined);
  const missing = Object.entries({ name, attribution, license, 'source URL': sourceUrl }).find(
    ([, value]) => !value,
  )?.[0];
  if (missing) throw validationError(`The edition's ${missing} must be given: the file's header does not state it.`);
  return {
    resource: 'quran',
    collection: null,
    lang,
    name: name!,
    translator,
    attribution: attribution!,
    license: license!,
    sourceUrl: sourceUrl!,
    publicDomain: overrides.publicDomain ?? false,
  };
}
