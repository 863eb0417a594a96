import { COUNTRY_CODES, MAX_SEARCH_TERMS, MOSQUE_FIELD_LIMITS, MOSQUE_LIST_LIMIT, NEAR_RADIUS_KM, REQUIRED_MOSQUE_FIELDS } from '@islamic-data/core';
import type { JsonSchema } from '../../platform/route.js';
import { latitude, longitude } from '../common-schemas.js';
import { languageCode } from '../content-schemas.js';

const text = (maxLength: number, description?: string): JsonSchema => ({ type: 'string', maxLength, ...(description ? { description } : {}) });
const optionalText = (maxLength: number, description?: string): JsonSchema => ({ ...text(maxLength, description), type: ['string', 'null'] });
const countryDescription = `ISO 3166-1 alpha-2 code, any case (stored upper-case); one of the ${COUNTRY_CODES.length} assigned codes.`;

const nullableString: JsonSchema = { type: ['string', 'null'] };

/** The public record (CONTRACT §12): never the submitter's e-mail. */
export const mosque: JsonSchema = {
  type: 'object',
  properties: {
    slug: { type: 'string' },
    nameEn: { type: 'string' },
    nameAr: nullableString,
    addressLine1: { type: 'string' },
    city: { type: 'string' },
    country: { type: 'string', description: 'ISO 3166-1 alpha-2, upper-case.' },
    lat: { type: 'number' },
    lng: { type: 'number' },
    denomination: nullableString,
    phone: nullableString,
    website: nullableString,
    email: nullableString,
    description: nullableString,
    languages: { type: 'array', items: { type: 'string' } },
    distanceKm: { type: 'number', description: 'Great-circle distance from the `near` point in km (3 decimals); only when `near` was given.' },
  },
  required: ['slug', 'nameEn', 'nameAr', 'addressLine1', 'city', 'country', 'lat', 'lng', 'denomination', 'phone', 'website', 'email', 'description', 'languages'],
};

export const mosqueListQuery: JsonSchema = {
  type: 'object',
  properties: {
    near: {
      type: 'string',
      description: `\`lat,lng\` or \`lat,lng,radiusKm\` in decimal degrees; radius more than 0 and at most ${NEAR_RADIUS_KM.max} km, default ${NEAR_RADIUS_KM.default}. Results are sorted nearest first and carry \`distanceKm\`.`,
    },
    country: { type: 'string', description: countryDescription },
    city: text(MOSQUE_FIELD_LIMITS.city, 'Matches the whole city name, case- and accent-insensitively (İstanbul = istanbul, São Paulo = sao paulo).'),
    q: text(
      200,
      `Words searched in both names, the address, the city and the description, Arabic or Latin; every word must begin a word of the mosque (prefix match). Case, accents and Arabic harakat are ignored. At most ${MAX_SEARCH_TERMS} words.`,
    ),
    limit: { type: 'integer', minimum: 1, maximum: MOSQUE_LIST_LIMIT.max, default: MOSQUE_LIST_LIMIT.default },
  },
};

export const mosqueParams: JsonSchema = {
  type: 'object',
  properties: { slug: { type: 'string', maxLength: 200 } },
  required: ['slug'],
};

const L = MOSQUE_FIELD_LIMITS;

/** Types and lengths; the contents (e-mail, URL, country, coordinates in pairs) are checked by the use case, which names the field. */
export const mosqueSubmissionBody: JsonSchema = {
  type: 'object',
  properties: {
    nameEn: text(L.nameEn, 'English name. Required.'),
    addressLine1: text(L.addressLine1, 'Street address. Required.'),
    city: text(L.city, 'Required.'),
    country: { type: 'string', maxLength: 2, description: `${countryDescription} Required.` },
    submitterEmail: text(L.submitterEmail, 'E-mail address of the submitter, for the moderator only: it is never returned by the API. Required.'),
    nameAr: optionalText(L.nameAr, 'Arabic name.'),
    denomination: optionalText(L.denomination),
    phone: optionalText(L.phone, 'Digits, spaces and + ( ) . - / only.'),
    website: optionalText(L.website, 'An http or https URL.'),
    email: optionalText(L.email, "The mosque's public e-mail address."),
    description: optionalText(L.description),
    languages: {
      type: ['array', 'null'],
      maxItems: L.languages,
      items: { type: 'string', description: languageCode.description },
      description: 'Languages of the services, e.g. ["en", "ar"].',
    },
    lat: { ...latitude, type: ['number', 'null'], description: 'With `lng`: the location, if known. Needed before publication.' },
    lng: { ...longitude, type: ['number', 'null'] },
  },
  required: [...REQUIRED_MOSQUE_FIELDS],
  additionalProperties: false,
};

export const submittedMosque: JsonSchema = {
  type: 'object',
  properties: { slug: { type: 'string' }, status: { type: 'string', enum: ['pending'] } },
  required: ['slug', 'status'],
};
