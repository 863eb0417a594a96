import { parameterError } from '../parameter-error.js';
import { isLanguageCode } from '../shared/locale.js';
import { assertSafeText } from '../shared/text.js';
import { toCountryCode } from './country-codes.js';
import type { MosqueRecord } from './mosque.js';

/**
 * A submission as an API user sends it (CONTRACT §12): the five required fields, the optional ones,
 * optional coordinates.
 */
export interface MosqueSubmission {
  nameEn: string;
  addressLine1: string;
  city: string;
  country: string;
  submitterEmail: string;
  nameAr?: string | null;
  denomination?: string | null;
  phone?: string | null;
  website?: string | null;
  email?: string | null;
  description?: string | null;
  languages?: string[] | null;
  lat?: number | null;
  lng?: number | null;
}

/** Maximum lengths (characters; `languages`: entries), shared by the validation and the API schema. */
export const MOSQUE_FIELD_LIMITS = {
  nameEn: 200,
  nameAr: 200,
  addressLine1: 300,
  city: 100,
  denomination: 100,
  phone: 40,
  website: 2_000,
  email: 254,
  submitterEmail: 254,
  description: 5_000,
  languages: 20,
} as const;

export const REQUIRED_MOSQUE_FIELDS = ['nameEn', 'addressLine1', 'city', 'country', 'submitterEmail'] as const;

/** The submitted fields, trimmed and checked: everything of a record but its slug, state and times. */
export type ValidSubmission = Pick<
  MosqueRecord,
  | 'nameEn'
  | 'nameAr'
  | 'addressLine1'
  | 'city'
  | 'country'
  | 'lat'
  | 'lng'
  | 'denomination'
  | 'phone'
  | 'website'
  | 'email'
  | 'description'
  | 'languages'
  | 'submitterEmail'
>;

const PHONE = /^\+?[0-9 ().\-/]+$/;

/**
 * Checks every field, naming the first bad one; strings are trimmed, empty optional ones become null.
 * The forms of `email`, `submitterEmail` and `website` are for the adapter's request schema to check.
 */
export function validateSubmission(input: MosqueSubmission): ValidSubmission {
  const submission = input as unknown as Record<string, unknown>;
  for (const field of REQUIRED_MOSQUE_FIELDS) requiredText(submission, field);
  const country = toCountryCode(requiredText(submission, 'country'));
  if (!country)
    throw parameterError('country', 'country must be an assigned ISO 3166-1 alpha-2 code such as GB or TR.');
  return {
    nameEn: requiredText(submission, 'nameEn'),
    nameAr: optionalText(submission, 'nameAr'),
    addressLine1: requiredText(submission, 'addressLine1'),
    city: requiredText(submission, 'city'),
    country,
    ...coordinates(submission),
    denomination: optionalText(submission, 'denomination'),
    phone: phone(optionalText(submission, 'phone')),
    website: optionalText(submission, 'website'),
    email: optionalText(submission, 'email'),
    description: optionalText(submission, 'description'),
    languages: languages(submission.languages),
    submitterEmail: requiredText(submission, 'submitterEmail'),
  };
}

function requiredText(
  submission: Record<string, unknown>,
  field: keyof typeof MOSQUE_FIELD_LIMITS | 'country',
): string {
  const value = optionalText(submission, field);
  if (value === null) throw parameterError(field, `${field} is required.`);
  return value;
}

function optionalText(
  submission: Record<string, unknown>,
  field: keyof typeof MOSQUE_FIELD_LIMITS | 'country',
): string | null {
  const value = submission[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw parameterError(field, `${field} must be a string.`);
  assertSafeText(field, value, field === 'description' ? 'text' : 'line');
  const trimmed = value.trim();
  const limit = field === 'country' ? 2 : MOSQUE_FIELD_LIMITS[field];
  if (trimmed.length > limit) throw parameterError(field, `${field} must be at most ${limit} characters.`);
  return trimmed === '' ? null : trimmed;
}

function phone(value: string | null): string | null {
  if (value !== null && (!PHONE.test(value) || (value.match(/[0-9]/g) ?? []).length < 3)) {
    throw parameterError('phone', 'phone must be a phone number: digits, spaces and + ( ) . - / only.');
  }
  return value;
}

function languages(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw parameterError('languages', 'languages must be an array of language codes.');
  const bad = value.find((code) => typeof code !== 'string' || !isLanguageCode(code));
  if (bad !== undefined)
    throw parameterError(
      'languages',
      `languages contains '${String(bad)}', which is not a lowercase language code such as en or ar.`,
    );
  const unique = [...new Set(value as string[])];
  if (unique.length > MOSQUE_FIELD_LIMITS.languages)
    throw parameterError('languages', `languages may list at most ${MOSQUE_FIELD_LIMITS.languages} codes.`);
  return unique;
}

function coordinates(submission: Record<string, unknown>): { lat: number | null; lng: number | null } {
  const lat = submission.lat ?? null;
  const lng = submission.lng ?? null;
  if (lat === null && lng === null) return { lat: null, lng: null };
  return checkedCoordinates(lat, lng);
}

/** Both coordinates or neither; each a number in range. Names the offending field. */
export function checkedCoordinates(lat: unknown, lng: unknown): { lat: number; lng: number } {
  if (lat === null || lat === undefined || lng === null || lng === undefined)
    throw parameterError(['lat', 'lng'], 'lat and lng must be given together.');
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90)
    throw parameterError('lat', 'lat must be a number from -90 to 90.');
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180)
    throw parameterError('lng', 'lng must be a number from -180 to 180.');
  return { lat, lng };
}
