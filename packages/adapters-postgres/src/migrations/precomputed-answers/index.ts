import type { Migration } from 'kysely';
import * as precomputedAnswers from './2026-11-28-100-precomputed-answers.js';

/** The precomputed answers migrations by their date-prefixed names. */
export const precomputedAnswersMigrations: Record<string, Migration> = {
  '2026-11-28-100-precomputed-answers': precomputedAnswers,
};
