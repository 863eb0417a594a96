import { validationError } from '@islamic-data/core';

const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * JSON may escape half of a UTF-16 pair (`"\ud800"`); such a string has no UTF-8 form, so storing it
 * would change the text. Every string of a parsed body, names included, is checked before validation.
 */
export function rejectLoneSurrogates(value: unknown, path = ''): void {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw loneSurrogate(path);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((item, index) => rejectLoneSurrogates(item, `${path}[${index}]`));
  for (const [name, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${name}` : name;
    if (LONE_SURROGATE.test(name)) throw loneSurrogate(itemPath);
    rejectLoneSurrogates(item, itemPath);
  }
}

const loneSurrogate = (path: string) =>
  validationError(
    `Field '${(path || 'body').replace(/\p{Surrogate}/gu, '\uFFFD')}' contains a lone UTF-16 surrogate ` +
      '(half of a pair), which is not a character.',
  );
