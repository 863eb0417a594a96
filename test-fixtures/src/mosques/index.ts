// Builders and conformance suites of the mosques feature.
export {};
