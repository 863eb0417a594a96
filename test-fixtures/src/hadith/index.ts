// Builders and conformance suites of the hadith feature.
export {};
