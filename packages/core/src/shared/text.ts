import { parameterError } from '../parameter-error.js';

/**
 * Characters no text from a user is stored with (issue 26, point 7), written once for every field that takes
 * text (mosques, translations, ayah and hadith metadata, key requests, key names) and for any importer that
 * wants the same rule: C0 and C1 controls and DEL, and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069, the "Trojan Source" characters). The marks (LRM, RLM, ALM) stay allowed:
 * Arabic text uses them.
 */
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
/** In paragraphs (a description, a translation, notes): tab, line feed and carriage return are allowed. */
export const UNSAFE_IN_TEXT = `\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}`;
/** In one-line fields (a name, an address): tab, line feed and carriage return are refused too. */
export const UNSAFE_IN_LINE = `\\u0000-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}`;

/** The same rules as patterns (for request schemas and a form's script): the whole text must match. */
export const TEXT_PATTERNS = {
  line: `^[^${UNSAFE_IN_LINE}]*$`,
  text: `^[^${UNSAFE_IN_TEXT}]*$`,
} as const;

export type TextKind = keyof typeof TEXT_PATTERNS;

/** How the rule is worded after the field's name. */
export const SAFE_TEXT_RULE = 'must not contain control characters or bidirectional overrides';

const unsafe = { line: new RegExp(`[${UNSAFE_IN_LINE}]`, 'u'), text: new RegExp(`[${UNSAFE_IN_TEXT}]`, 'u') };

/** Whether `text` holds a character its kind of field refuses. */
export const hasUnsafeCharacters = (text: string, kind: TextKind): boolean => unsafe[kind].test(text);

/** Refuses (400 naming `field`) a text with a character its kind of field refuses; other values pass. */
export function assertSafeText(field: string, value: unknown, kind: TextKind): void {
  if (typeof value === 'string' && hasUnsafeCharacters(value, kind))
    throw parameterError(field, `${field} ${SAFE_TEXT_RULE}.`);
}

const printable = new RegExp(`[${UNSAFE_IN_LINE}\\u2028\\u2029]`, 'gu');

/**
 * `text` made safe to print to a terminal, on one line: each control character, bidi control and line or
 * paragraph separator is shown as its escape (`\n`, `\u001b`), so stored text (older rows, imported data)
 * can neither move the cursor, clear the screen, reorder what follows nor break a table's rows.
 */
export const escapeForTerminal = (text: string): string =>
  text.replace(printable, (character) => {
    if (character === '\n') return '\\n';
    if (character === '\t') return '\\t';
    if (character === '\r') return '\\r';
    return `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`;
  });
