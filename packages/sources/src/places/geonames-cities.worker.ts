// Builds the compact city index of a GeoNames dump off the event loop: run as a worker thread by
// `geoNamesCityDirectory`, it reads the file, indexes it and transfers the typed arrays (no copy) to its parent.
import { cityIndexBuffers, compactCities } from '@islamic-data/core';
import { parentPort, workerData } from 'node:worker_threads';
import { readGeoNamesCityFile } from './geonames-cities.js';

const index = compactCities(readGeoNamesCityFile((workerData as { path: string }).path));
parentPort!.postMessage(index, cityIndexBuffers(index));
