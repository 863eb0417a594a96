import {
  COUNTRY_CODES,
  MAX_SEARCH_TERMS,
  MOSQUE_FIELD_LIMITS,
  MOSQUE_LIST_LIMIT,
  NEAR_RADIUS_KM,
} from '@islamic-data/core';
import { Type, type TSchema } from '@sinclair/typebox';
import { nullable, stringEnum } from '../../platform/schema.js';
import { latitude, longitude } from '../common-schemas.js';
import { languageCode } from '../content-schemas.js';
import { mosqueSchedule, mosqueSource } from './mosque-schedule-schemas.js';

const text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
const optionalText = (maxLength: number, description?: string) => Type.Optional(nullable(text(maxLength, description)));
const countryDescription =
  `ISO 3166-1 alpha-2 code, any case (stored upper-case); ` + `one of the ${COUNTRY_CODES.length} assigned codes.`;

const nullableString = nullable(Type.String());

/** The public record (CONTRACT §12): never the submitter's e-mail. */
export const mosque = Type.Object({
  slug: Type.String(),
  nameEn: Type.String(),
  nameAr: nullableString,
  addressLine1: Type.String(),
  city: Type.String(),
  country: Type.String({ description: 'ISO 3166-1 alpha-2, upper-case.' }),
  lat: Type.Number(),
  lng: Type.Number(),
  denomination: nullableString,
  phone: nullableString,
  website: nullableString,
  email: nullableString,
  description: nullableString,
  languages: Type.Array(Type.String()),
  schedule: nullable(mosqueSchedule, {
    description:
      "The congregation's own settings, iqama and Jumu'ah times (`PUT /mosques/{slug}/schedule`); null until set.",
  }),
  source: nullable(mosqueSource),
  distanceKm: Type.Optional(
    Type.Number({
      description: 'Great-circle distance from the `near` point in km (3 decimals); only when `near` was given.',
    }),
  ),
});

export const mosqueListQuery = Type.Object({
  near: Type.Optional(
    Type.String({
      description:
        `\`lat,lng\` or \`lat,lng,radiusKm\` in decimal degrees; ` +
        `radius more than 0 and at most ${NEAR_RADIUS_KM.max} km, default ${NEAR_RADIUS_KM.default}. ` +
        `Results are sorted nearest first and carry \`distanceKm\`.`,
    }),
  ),
  country: Type.Optional(Type.String({ description: countryDescription })),
  city: Type.Optional(
    text(
      MOSQUE_FIELD_LIMITS.city,
      'Matches the whole city name, case- and accent-insensitively (İstanbul = istanbul, São Paulo = sao paulo).',
    ),
  ),
  q: Type.Optional(
    text(
      200,
      `Words searched in both names, the address, the city and the description, Arabic or Latin; ` +
        `every word must begin a word of the mosque (prefix match). ` +
        `Case, accents and Arabic harakat are ignored. At most ${MAX_SEARCH_TERMS} words.`,
    ),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MOSQUE_LIST_LIMIT.max, default: MOSQUE_LIST_LIMIT.default }),
  ),
});

export const mosqueParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });

const L = MOSQUE_FIELD_LIMITS;
const EMAIL_RULE = 'must be an e-mail address';
const URL_RULE = 'must be an http(s) URL';
// The forms the API has always accepted, surrounding spaces included (the use case trims): an address
// with a dot in its domain, any script; an http(s) URL with a host, any case of scheme, IDN hosts too.
// ajv-formats' `email` and `uri` are ASCII-only and would refuse addresses and sites people use.
const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+\\s*$';
const URL_PATTERN = '^\\s*[hH][tT][tT][pP][sS]?://[^\\s/?#@]+(@[^\\s/?#@]+)?([/?#]\\S*)?\\s*$';

/** An optional field that may also be sent blank (stored as null), else must match `filled`. */
const blankOr = <T extends TSchema>(filled: T, rule: string, description: string) =>
  Type.Optional(
    Type.Union([Type.Null(), Type.String({ pattern: '^\\s*$' }), filled], { errorMessage: rule, description }),
  );

/**
 * Shapes, lengths, the e-mail and URL forms; the use case checks the rest (country code, phone,
 * language codes, coordinates in pairs) and names the field.
 */
export const mosqueSubmissionBody = Type.Object(
  {
    nameEn: text(L.nameEn, 'English name. Required.'),
    addressLine1: text(L.addressLine1, 'Street address. Required.'),
    city: text(L.city, 'Required.'),
    country: Type.String({ maxLength: 2, description: `${countryDescription} Required.` }),
    submitterEmail: Type.String({
      maxLength: L.submitterEmail,
      pattern: EMAIL_PATTERN,
      errorMessage: { pattern: EMAIL_RULE },
      description:
        'E-mail address of the submitter, for the moderator only: it is never returned by the API. Required.',
    }),
    nameAr: optionalText(L.nameAr, 'Arabic name.'),
    denomination: optionalText(L.denomination),
    phone: optionalText(L.phone, 'Digits, spaces and + ( ) . - / only.'),
    website: blankOr(Type.String({ maxLength: L.website, pattern: URL_PATTERN }), URL_RULE, 'An http or https URL.'),
    email: blankOr(
      Type.String({ maxLength: L.email, pattern: EMAIL_PATTERN }),
      EMAIL_RULE,
      "The mosque's public e-mail address.",
    ),
    description: optionalText(L.description),
    languages: Type.Optional(
      nullable(Type.Array(Type.String({ description: languageCode.description }), { maxItems: L.languages }), {
        description: 'Languages of the services, e.g. ["en", "ar"].',
      }),
    ),
    lat: Type.Optional(
      nullable(latitude, { description: 'With `lng`: the location, if known. Needed before publication.' }),
    ),
    lng: Type.Optional(nullable(longitude)),
  },
  { additionalProperties: false },
);

export const submittedMosque = Type.Object({ slug: Type.String(), status: stringEnum(['pending']) });
