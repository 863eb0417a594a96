import { createInMemoryStores } from '@islamic-data/core';
import { hadithImportStoreConformance, hadithStoreConformance } from '../src/index.js';

hadithStoreConformance('in-memory', async () => createInMemoryStores().stores);
hadithImportStoreConformance('in-memory', async () => createInMemoryStores().stores);
