/** The languages whose texts are stemmed when indexed for search: English (`en`, `en-*`), on both dialects. */
export const isStemmedLocale = (locale: string) => locale === 'en' || locale.startsWith('en-');

/** The same choice in SQL, over a locale expression. */
export const isStemmedSql = (locale: string) => `(${locale} = 'en' or ${locale} like 'en-%')`;
