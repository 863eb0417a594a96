/** Letters NFKD does not decompose into ASCII. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};
const MAX_BASE_LENGTH = 80;

/** Lowercase ASCII words joined by `-`: `Test Mosque Ünye` → `test-mosque-unye`. */
export function slugify(text: string): string {
  const ascii = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðþłı]/g, (letter) => SPECIAL_LETTERS[letter] ?? '');
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, MAX_BASE_LENGTH).replace(/-+$/, '');
}

/**
 * The slug a new mosque starts from: its English name and city, or `mosque` when neither has a
 * Latin letter or digit.
 */
export function baseSlug(nameEn: string, city: string): string {
  return slugify(`${nameEn} ${city}`) || 'mosque';
}

/** `base`, or the first of `base-2`, `base-3`, … that is not taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
