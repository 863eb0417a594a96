import type { AppDependencies } from './dependencies.js';

/** Content the server prepares before it listens (e.g. the Quran import on a first start). */
export async function prepareContent(_deps: AppDependencies): Promise<void> {}
