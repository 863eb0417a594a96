/**
 * How many of a table's best matches a search's first ranking pass keeps before joining them to their documents, on
 * both dialects: 8 pages, and at least 256 (`wanted`: the hits up to the end of the page asked for).
 */
export const firstPassMatches = (wanted: number) => Math.max(8 * wanted, 256);
