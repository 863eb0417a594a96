import { InMemoryQuranStore, InMemoryQuranStudyStore } from '@islamic-data/core';
import { quranSearchConformance, quranStoreConformance, quranStudyStoreConformance } from '../src/index.js';

quranStoreConformance('in-memory', async () => new InMemoryQuranStore());
quranSearchConformance('in-memory', async () => new InMemoryQuranStore());

quranStudyStoreConformance('in-memory', async () => new InMemoryQuranStudyStore());
