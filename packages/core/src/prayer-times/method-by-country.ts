import tzLookup from '@photostructure/tz-lookup';
import { countryOfZone } from './zone-countries.js';

/** The slug `method` takes to ask for the method of the authority where the coordinates lie. */
export const AUTO_METHOD_ID = 'auto';

/** How the method of a day was chosen: named in the request, by the country at the point, or the default. */
export type MethodChoice = { chosenBy: 'country'; country: string } | { chosenBy: 'default'; country: null };

/**
 * The method by country, for `method=auto`. Sources:
 * - [A] the authority is the country's own (its name says so in Aladhan's method list, api.aladhan.com/v1/methods,
 *   and in `listMethods()`): Diyanet (TR), Umm al-Qura (SA), Egyptian General Authority of Survey (EG), JAKIM (MY),
 *   KEMENAG (ID), MUIS (SG), UOIF (FR), the Spiritual Administration of Muslims of Russia (RU), Kuwait, Qatar,
 *   Tunisia, Algeria, Morocco, Portugal, Jordan, Tehran (IR);
 * - [B] adhan's METHODS.md: Dubai "used in the UAE";
 * - [C] PrayTimes.org "Calculation Methods", column "Region Used": ISNA "North America (US and Canada)",
 *   Karachi "Pakistan, Afghanistan, Bangladesh, India";
 * - [D] Aladhan's "Gulf Region" method (8) for the Gulf states without a method of their own (BH, OM).
 * Elsewhere, and at sea, the Muslim World League's (the default method).
 */
export const COUNTRY_METHODS: Readonly<Record<string, string>> = {
  TR: 'turkey', // [A]
  SA: 'umm-al-qura', // [A]
  EG: 'egyptian', // [A]
  MY: 'jakim', // [A]
  ID: 'kemenag', // [A]
  SG: 'singapore', // [A]
  FR: 'france', // [A]
  RU: 'russia', // [A]
  KW: 'kuwait', // [A]
  QA: 'qatar', // [A]
  TN: 'tunisia', // [A]
  DZ: 'algeria', // [A]
  MA: 'morocco', // [A]
  PT: 'portugal', // [A]
  JO: 'jordan', // [A]
  IR: 'tehran', // [A]
  AE: 'dubai', // [B]
  US: 'north-america', // [C]
  CA: 'north-america', // [C]
  PK: 'karachi', // [C]
  AF: 'karachi', // [C]
  BD: 'karachi', // [C]
  IN: 'karachi', // [C]
  BH: 'gulf', // [D]
  OM: 'gulf', // [D]
};

/** The method slug for the coordinates (already valid) and why it was chosen; `fallback` where no country is known. */
export function methodForPlace(lat: number, lng: number, fallback: string): { id: string; choice: MethodChoice } {
  const country = countryOfZone(tzLookup(lat, lng));
  const id = country === null ? undefined : COUNTRY_METHODS[country];
  return country !== null && id !== undefined
    ? { id, choice: { chosenBy: 'country', country } }
    : { id: fallback, choice: { chosenBy: 'default', country: null } };
}
