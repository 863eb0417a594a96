// Builders and conformance suites of the quran feature.
export {};
