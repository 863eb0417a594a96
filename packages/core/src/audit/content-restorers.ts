import { hadithRestorers } from '../hadith/hadith-restorers.js';
import { quranRestorers } from '../quran/quran-restorers.js';
import type { RecordRestorer } from './record-restorer.js';

/** Every kind of record whose audited writes the operator can roll back. */
export const contentRestorers: RecordRestorer[] = [...quranRestorers, ...hadithRestorers];
