// Builds the compact city index of a GeoNames dump off the event loop: run as a worker thread by
// `geoNamesCityDirectory`, it reads the file, indexes it and transfers the typed arrays (no copy) to its parent.
import { cityIndexBuffers, compactCities } from '@islamic-data/core';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { readGeoNamesCityFile } from './geonames-cities.js';

// On Linux a priority is a thread's own: this thread yields the processor to the one serving requests.
try {
  setPriority(10);
} catch {
  // Not allowed here: the build runs at the process's priority.
}
const index = compactCities(readGeoNamesCityFile((workerData as { path: string }).path));
parentPort!.postMessage(index, cityIndexBuffers(index));
