// Builders, the synthetic data generator and the conformance suite of the mosques feature.
export * from './builders.js';
export * from './country-boxes.js';
export * from './generate-mosques.js';
export * from './mosque-store.conformance.js';
export * from './generate-osm.js';
