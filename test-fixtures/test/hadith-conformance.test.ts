import { createInMemoryStores } from '@islamic-data/core';
import { hadithImportStoreConformance, hadithSearchConformance, hadithStoreConformance } from '../src/index.js';

hadithStoreConformance('in-memory', async () => createInMemoryStores().stores);
hadithImportStoreConformance('in-memory', async () => createInMemoryStores().stores);
hadithSearchConformance('in-memory', async () => createInMemoryStores().stores);
