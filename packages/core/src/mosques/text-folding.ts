/**
 * Text folding shared by every MosqueStore, so that search and city matching behave alike in
 * memory and in SQLite: compatibility decomposition, then every combining mark removed (Latin
 * accents, Arabic harakat, and the hamza/madda that decompose out of أ إ آ), tatweel removed,
 * alef wasla read as alef, lower-cased.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\u0640/g, '')
    .replace(/\u0671/g, '\u0627')
    .toLowerCase();
}

/** Words as SQLite's unicode61 tokenizer sees them: runs of letters, digits and private-use characters. */
export function words(foldedText: string): string[] {
  return foldedText.match(/[\p{L}\p{N}\p{Co}]+/gu) ?? [];
}

/** The form in which cities are stored for matching and compared: case- and accent-insensitive. */
export function cityKey(city: string): string {
  return words(foldText(city)).join(' ');
}

/** The fields `q` searches. */
export function searchableFields(mosque: {
  nameEn: string;
  nameAr: string | null;
  addressLine1: string;
  city: string;
  description: string | null;
}): string[] {
  return [mosque.nameEn, mosque.nameAr ?? '', mosque.addressLine1, mosque.city, mosque.description ?? ''].map(foldText);
}

/** Whether every search term begins some word of the mosque's searchable fields. */
export function matchesTerms(fields: string[], terms: string[]): boolean {
  const all = fields.flatMap(words);
  return terms.every((term) => all.some((word) => word.startsWith(term)));
}
