import type { CalculationMethod } from 'adhan';
import { NO_OFFSETS, offsets, type PrayerOffsets } from './prayer-names.js';

/** A calculation authority's published parameters, as listed by `listMethods()`. */
export interface CalculationMethodDescription {
  /** The slug accepted as `method`. */
  id: string;
  name: string;
  /** Aladhan's numeric method id, also accepted as `method`. */
  aladhanId: number;
  fajrAngle: number;
  /** 0 when Isha is a fixed interval after Maghrib. */
  ishaAngle: number;
  /** Minutes from sunset to Isha; 0 when Isha is angle-based. */
  ishaInterval: number;
  /** Sun's depression for Maghrib (Shia methods); null means Maghrib is at sunset. */
  maghribAngle: number | null;
  /** The authority's own fixed minute offsets per time. */
  offsets: PrayerOffsets;
  /** How seconds are rounded to the minute. */
  rounding: 'nearest' | 'up';
  notes: string | null;
}

export interface CalculationMethodDefinition extends CalculationMethodDescription {
  /** adhan keys special behaviour (Moonsighting Committee's seasonal twilight) on this name. */
  adhanMethod: keyof typeof CalculationMethod;
  /** Umm al-Qura: Isha is this many minutes after Maghrib in Ramadan. */
  ramadanIshaInterval?: number;
}

type MethodFields = Omit<
  CalculationMethodDefinition,
  'offsets' | 'rounding' | 'maghribAngle' | 'ishaInterval' | 'notes'
> &
  Partial<Pick<CalculationMethodDefinition, 'offsets' | 'rounding' | 'maghribAngle' | 'ishaInterval' | 'notes'>>;

const method = (fields: MethodFields): CalculationMethodDefinition => ({
  ishaInterval: 0,
  maghribAngle: null,
  offsets: { ...NO_OFFSETS },
  rounding: 'nearest',
  notes: null,
  ...fields,
});

/**
 * The twelve methods adhan defines, with adhan's own parameters and offsets (adhan@4.4.6
 * lib/esm/CalculationMethod.js); a test checks they still equal adhan's.
 */
const ADHAN_METHODS: CalculationMethodDefinition[] = [
  method({
    id: 'muslim-world-league',
    name: 'Muslim World League',
    aladhanId: 3,
    adhanMethod: 'MuslimWorldLeague',
    fajrAngle: 18,
    ishaAngle: 17,
    offsets: offsets({ dhuhr: 1 }),
  }),
  method({
    id: 'egyptian',
    name: 'Egyptian General Authority of Survey',
    aladhanId: 5,
    adhanMethod: 'Egyptian',
    fajrAngle: 19.5,
    ishaAngle: 17.5,
    offsets: offsets({ dhuhr: 1 }),
  }),
  method({
    id: 'karachi',
    name: 'University of Islamic Sciences, Karachi',
    aladhanId: 1,
    adhanMethod: 'Karachi',
    fajrAngle: 18,
    ishaAngle: 18,
    offsets: offsets({ dhuhr: 1 }),
  }),
  method({
    id: 'umm-al-qura',
    name: 'Umm al-Qura University, Makkah',
    aladhanId: 4,
    adhanMethod: 'UmmAlQura',
    fajrAngle: 18.5,
    ishaAngle: 0,
    ishaInterval: 90,
    ramadanIshaInterval: 120,
    notes: 'Isha is 90 minutes after Maghrib, 120 minutes in Ramadan (Umm al-Qura calendar).',
  }),
  method({
    id: 'dubai',
    name: 'Dubai (UAE)',
    aladhanId: 16,
    adhanMethod: 'Dubai',
    fajrAngle: 18.2,
    ishaAngle: 18.2,
    offsets: offsets({ sunrise: -3, dhuhr: 3, asr: 3, maghrib: 3 }),
  }),
  method({
    id: 'moonsighting-committee',
    name: 'Moonsighting Committee Worldwide',
    aladhanId: 15,
    adhanMethod: 'MoonsightingCommittee',
    fajrAngle: 18,
    ishaAngle: 18,
    offsets: offsets({ dhuhr: 5, maghrib: 3 }),
    notes:
      'Fajr and Isha follow seasonal twilight tables (shafaq: general, ahmer or abyad); ' +
      'above 55° latitude, 1/7 of the night.',
  }),
  method({
    id: 'north-america',
    name: 'Islamic Society of North America (ISNA)',
    aladhanId: 2,
    adhanMethod: 'NorthAmerica',
    fajrAngle: 15,
    ishaAngle: 15,
    offsets: offsets({ dhuhr: 1 }),
  }),
  method({ id: 'kuwait', name: 'Kuwait', aladhanId: 9, adhanMethod: 'Kuwait', fajrAngle: 18, ishaAngle: 17.5 }),
  method({
    id: 'qatar',
    name: 'Qatar',
    aladhanId: 10,
    adhanMethod: 'Qatar',
    fajrAngle: 18,
    ishaAngle: 0,
    ishaInterval: 90,
  }),
  method({
    id: 'singapore',
    name: 'Majlis Ugama Islam Singapura, Singapore',
    aladhanId: 11,
    adhanMethod: 'Singapore',
    fajrAngle: 20,
    ishaAngle: 18,
    offsets: offsets({ dhuhr: 1 }),
    rounding: 'up',
  }),
  method({
    id: 'tehran',
    name: 'Institute of Geophysics, University of Tehran',
    aladhanId: 7,
    adhanMethod: 'Tehran',
    fajrAngle: 17.7,
    ishaAngle: 14,
    maghribAngle: 4.5,
  }),
  method({
    id: 'turkey',
    name: 'Diyanet İşleri Başkanlığı, Turkey',
    aladhanId: 13,
    adhanMethod: 'Turkey',
    fajrAngle: 18,
    ishaAngle: 17,
    offsets: offsets({ sunrise: -7, dhuhr: 5, asr: 4, maghrib: 7 }),
  }),
];

/**
 * Methods Aladhan offers that adhan lacks. Angles and the "N min" Maghrib/Isha rules are Aladhan's
 * published ones (islamic-network/prayer-times src/PrayerTimes/Method.php, the library behind
 * api.aladhan.com/v1/methods). Aladhan counts a "N min" Isha from Maghrib; adhan counts ishaInterval
 * from sunset, so a Maghrib offset is repeated on Isha to keep the published gap (Portugal).
 */
const ALADHAN_METHODS: CalculationMethodDefinition[] = [
  method({
    id: 'jafari',
    name: 'Shia Ithna-Ashari, Leva Institute, Qum',
    aladhanId: 0,
    adhanMethod: 'Other',
    fajrAngle: 16,
    ishaAngle: 14,
    maghribAngle: 4,
  }),
  method({
    id: 'gulf',
    name: 'Gulf Region',
    aladhanId: 8,
    adhanMethod: 'Other',
    fajrAngle: 19.5,
    ishaAngle: 0,
    ishaInterval: 90,
  }),
  method({
    id: 'france',
    name: 'Union des Organisations Islamiques de France (UOIF)',
    aladhanId: 12,
    adhanMethod: 'Other',
    fajrAngle: 12,
    ishaAngle: 12,
  }),
  method({
    id: 'russia',
    name: 'Spiritual Administration of Muslims of Russia',
    aladhanId: 14,
    adhanMethod: 'Other',
    fajrAngle: 16,
    ishaAngle: 15,
  }),
  method({
    id: 'jakim',
    name: 'Jabatan Kemajuan Islam Malaysia (JAKIM)',
    aladhanId: 17,
    adhanMethod: 'Other',
    fajrAngle: 20,
    ishaAngle: 18,
  }),
  method({ id: 'tunisia', name: 'Tunisia', aladhanId: 18, adhanMethod: 'Other', fajrAngle: 18, ishaAngle: 18 }),
  method({ id: 'algeria', name: 'Algeria', aladhanId: 19, adhanMethod: 'Other', fajrAngle: 18, ishaAngle: 17 }),
  method({
    id: 'kemenag',
    name: 'Kementerian Agama Republik Indonesia (KEMENAG)',
    aladhanId: 20,
    adhanMethod: 'Other',
    fajrAngle: 20,
    ishaAngle: 18,
  }),
  // Aladhan's Method.php gives only the angles. The offsets (sunrise -3, Dhuhr +5, Maghrib +5) are those
  // of adhan_dart's CalculationMethodParameters.morocco(), from the Morocco method proposed to adhan-js
  // (PRs #13/#19, left unmerged because fixed offsets match the ministry's tables only within ~2 minutes, PR #17).
  method({
    id: 'morocco',
    name: 'Ministry of Habous and Islamic Affairs, Morocco',
    aladhanId: 21,
    adhanMethod: 'Other',
    fajrAngle: 19,
    ishaAngle: 17,
    offsets: offsets({ sunrise: -3, dhuhr: 5, maghrib: 5 }),
    notes: 'The ministry adjusts its tables by hand per city; fixed offsets match them within about 2 minutes.',
  }),
  method({
    id: 'portugal',
    name: 'Comunidade Islâmica de Lisboa, Portugal',
    aladhanId: 22,
    adhanMethod: 'Other',
    fajrAngle: 18,
    ishaAngle: 0,
    ishaInterval: 77,
    offsets: offsets({ maghrib: 3, isha: 3 }),
    notes: 'Maghrib is 3 minutes after sunset; Isha is 77 minutes after Maghrib.',
  }),
  method({
    id: 'jordan',
    name: 'Ministry of Awqaf, Islamic Affairs and Holy Places, Jordan',
    aladhanId: 23,
    adhanMethod: 'Other',
    fajrAngle: 18,
    ishaAngle: 18,
    offsets: offsets({ maghrib: 5 }),
    notes: 'Maghrib is 5 minutes after sunset.',
  }),
];

export const CUSTOM_METHOD_ID = 'custom';

/** `custom`: the angles the caller gives; those left out default to the Muslim World League's. */
const CUSTOM_METHOD: CalculationMethodDefinition = method({
  id: CUSTOM_METHOD_ID,
  name: 'Custom',
  aladhanId: 99,
  adhanMethod: 'Other',
  fajrAngle: 18,
  ishaAngle: 17,
  notes: 'Set fajrAngle, ishaAngle or ishaInterval; omitted ones default to 18°, 17° and 0.',
});

export const CALCULATION_METHODS: readonly CalculationMethodDefinition[] = [
  ...ADHAN_METHODS,
  ...ALADHAN_METHODS,
  CUSTOM_METHOD,
];

export const DEFAULT_METHOD_ID = 'muslim-world-league';
