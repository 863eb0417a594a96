import { createInMemoryStores } from '@islamic-data/core';
import { mosqueStoreConformance } from '../src/index.js';

mosqueStoreConformance('in-memory', async () => createInMemoryStores());
