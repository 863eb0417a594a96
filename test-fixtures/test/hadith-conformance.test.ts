import { InMemoryHadithStore } from '@islamic-data/core';
import { hadithStoreConformance } from '../src/index.js';

hadithStoreConformance('in-memory', async () => new InMemoryHadithStore());
