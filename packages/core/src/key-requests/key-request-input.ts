import { isPermission, isScope, type Permission, type Scope } from '../keys/api-key.js';
import { parameterError } from '../parameter-error.js';
import { SAFE_TEXT_RULE, TEXT_PATTERNS, UNSAFE_IN_LINE } from '../shared/text.js';

/**
 * The rules of a key request's fields (CONTRACT §18), written once: the core checks them, and the HTTP
 * adapter's request schema and the form's script in the browser are made from the same patterns, limits
 * and sentences, so the three cannot drift apart.
 */

export const KEY_REQUEST_PATTERNS = {
  /** One line of text: no control characters, no bidi overrides. */
  line: TEXT_PATTERNS.line,
  /** Paragraphs: line breaks and tabs allowed, other controls and bidi overrides not. */
  text: TEXT_PATTERNS.text,
  email: `^[^\\s@${UNSAFE_IN_LINE}]+@[^\\s@.${UNSAFE_IN_LINE}]+(\\.[^\\s@.${UNSAFE_IN_LINE}]+)+$`,
  website: `^https?://[^\\s${UNSAFE_IN_LINE}]+$`,
} as const;

export const KEY_REQUEST_LIMITS = {
  name: { min: 1, max: 200 },
  email: { max: 254 },
  project: { min: 20, max: 5_000 },
  website: { max: 2_000 },
  note: { max: 2_000 },
} as const;

/** How each rule is worded after the field's name ("name must be …"): the core's errors and the schema's alike. */
export const KEY_REQUEST_RULES = {
  name: `must be ${KEY_REQUEST_LIMITS.name.min} to ${KEY_REQUEST_LIMITS.name.max} characters on one line`,
  characters: SAFE_TEXT_RULE,
  email: `must be an e-mail address (at most ${KEY_REQUEST_LIMITS.email.max} characters)`,
  project: `must be ${KEY_REQUEST_LIMITS.project.min} to ${KEY_REQUEST_LIMITS.project.max} characters`,
  website: `must be an http:// or https:// URL of at most ${KEY_REQUEST_LIMITS.website.max} characters`,
  note: `must be at most ${KEY_REQUEST_LIMITS.note.max} characters`,
  scopes: 'must name one or more of prayer-times, qibla, hijri, mosques, quran, hadith, or *',
  permissions: 'must include read, and otherwise only write or delete',
  fax: 'must be left empty',
} as const;

/** A key request as sent. `fax` is a trap for bots: people never see it, so it must stay empty. */
export interface KeyRequestInput {
  name: string;
  email: string;
  project: string;
  website?: string | null;
  scopes: string[];
  permissions: string[];
  note?: string | null;
  fax?: string | null;
}

export interface ValidKeyRequest {
  name: string;
  /** Lower-cased; shown only to the operator, never in a response or a log line. */
  email: string;
  project: string;
  website: string | null;
  scopes: Scope[];
  permissions: Permission[];
  note: string | null;
}

const lengthOf = (text: string) => [...text].length;

/** Checks every field, naming the first bad one; text is trimmed, an empty optional field is null. */
export function validateKeyRequest(input: KeyRequestInput): ValidKeyRequest {
  const fields = input as unknown as Record<string, unknown>;
  const name = text(fields, 'name', 'line', KEY_REQUEST_RULES.name);
  if (name === null || lengthOf(name) > KEY_REQUEST_LIMITS.name.max) throw broken('name', KEY_REQUEST_RULES.name);
  const email = text(fields, 'email', 'line', KEY_REQUEST_RULES.email);
  if (
    email === null ||
    lengthOf(email) > KEY_REQUEST_LIMITS.email.max ||
    !new RegExp(KEY_REQUEST_PATTERNS.email, 'u').test(email)
  )
    throw broken('email', KEY_REQUEST_RULES.email);
  const project = text(fields, 'project', 'text', KEY_REQUEST_RULES.project);
  if (
    project === null ||
    lengthOf(project) < KEY_REQUEST_LIMITS.project.min ||
    lengthOf(project) > KEY_REQUEST_LIMITS.project.max
  )
    throw broken('project', KEY_REQUEST_RULES.project);
  const website = text(fields, 'website', 'line', KEY_REQUEST_RULES.website);
  if (website !== null && !isWebAddress(website)) throw broken('website', KEY_REQUEST_RULES.website);
  const note = text(fields, 'note', 'text', KEY_REQUEST_RULES.note);
  if (note !== null && lengthOf(note) > KEY_REQUEST_LIMITS.note.max) throw broken('note', KEY_REQUEST_RULES.note);
  // A mosque's own scope is the operator's to grant, never asked for through the public form.
  const requestable = (value: string): value is Scope => isScope(value) && !value.startsWith('mosque:');
  const scopes = list(fields.scopes, 'scopes', requestable, KEY_REQUEST_RULES.scopes);
  const permissions = list(fields.permissions, 'permissions', isPermission, KEY_REQUEST_RULES.permissions);
  if (!permissions.includes('read')) throw broken('permissions', KEY_REQUEST_RULES.permissions);
  return {
    name,
    email: email.toLowerCase(),
    project,
    website,
    scopes: scopes.includes('*') ? ['*'] : scopes,
    permissions,
    note,
  };
}

/** Whether the trap field was filled (by a bot: people never see it). */
export const isTrapFilled = (input: KeyRequestInput): boolean =>
  typeof input.fax === 'string' ? input.fax.trim() !== '' : input.fax !== undefined && input.fax !== null;

const broken = (field: string, rule: string) => parameterError(field, `${field} ${rule}.`);

function text(fields: Record<string, unknown>, field: string, kind: 'line' | 'text', rule: string): string | null {
  const value = fields[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw broken(field, rule);
  if (!new RegExp(KEY_REQUEST_PATTERNS[kind], 'u').test(value)) throw broken(field, KEY_REQUEST_RULES.characters);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function isWebAddress(value: string): boolean {
  if (lengthOf(value) > KEY_REQUEST_LIMITS.website.max || !new RegExp(KEY_REQUEST_PATTERNS.website, 'u').test(value))
    return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function list<T extends string>(
  value: unknown,
  field: string,
  isValid: (each: string) => each is T,
  rule: string,
): T[] {
  if (!Array.isArray(value) || value.length === 0 || value.some((each) => typeof each !== 'string' || !isValid(each)))
    throw broken(field, rule);
  return [...new Set(value as T[])];
}
