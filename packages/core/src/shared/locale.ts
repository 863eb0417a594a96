import { AppError } from '../errors.js';
import { parameterError } from '../parameter-error.js';

/** Lowercase BCP 47: a primary tag of 2–3 letters and optional subtags (CONTRACT §1). */
export const LANGUAGE_CODE_PATTERN = '^[a-z]{2,3}(-[a-z0-9]{2,8})*$';
const LANGUAGE_CODE = new RegExp(LANGUAGE_CODE_PATTERN);

export const isLanguageCode = (value: string) => LANGUAGE_CODE.test(value);

/** The locale whose text is the Arabic original (`text_ar`), never a translation. */
export const ARABIC_LOCALE = 'ar';

/** `ar` and every `ar-*` tag are the Arabic locale, whose text is read-only. */
export const isArabicLocale = (locale: string) => locale === ARABIC_LOCALE || locale.startsWith(`${ARABIC_LOCALE}-`);

/** `name`: how the caller's input calls the locale (`locale` in a path, `lang` for an import). */
export function assertWritableLocale(locale: string, name = 'locale'): void {
  if (isArabicLocale(locale)) {
    throw new AppError('FORBIDDEN_LOCALE', `The Arabic text is read-only: locale '${locale}' cannot be written.`);
  }
  if (!isLanguageCode(locale)) {
    throw parameterError(name, `${name} is not a lowercase BCP 47 language code: '${locale}'.`);
  }
}

/** The `translations` query parameter of reads: absent means every locale. */
export const parseTranslationsParameter = (value: string | undefined) =>
  value === undefined ? undefined : parseLanguageList(value, 'translations');

/** Parses `en,ru,tr` into codes, naming the first malformed one. */
export function parseLanguageList(value: string, field: string): string[] {
  const codes = value.split(',').map((code) => code.trim());
  const bad = codes.find((code) => !isLanguageCode(code));
  if (bad !== undefined) {
    throw parameterError(field, `${field} contains '${bad}', which is not a lowercase language code.`);
  }
  return [...new Set(codes)];
}
