import { InMemoryQuranStore } from '@islamic-data/core';
import { quranStoreConformance } from '../src/index.js';

quranStoreConformance('in-memory', async () => new InMemoryQuranStore());
