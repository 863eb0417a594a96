import { InMemoryQuranStore } from '@islamic-data/core';
import { quranSearchConformance, quranStoreConformance } from '../src/index.js';

quranStoreConformance('in-memory', async () => new InMemoryQuranStore());
quranSearchConformance('in-memory', async () => new InMemoryQuranStore());
