import { validationError } from '@islamic-data/core';

const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * JSON may escape half of a UTF-16 pair (`"\ud800"`); such a string has no UTF-8 form, so storing it
 * would change the text. Every string of a parsed body, names included, is checked before validation.
 * The walk keeps its own stack: a 64 KiB body can nest tens of thousands of levels deep.
 */
export function rejectLoneSurrogates(body: unknown): void {
  const pending: [unknown, string][] = [[body, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) throw loneSurrogate(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, `${path}[${index}]`]));
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${name}` : name;
        if (LONE_SURROGATE.test(name)) throw loneSurrogate(itemPath);
        pending.push([item, itemPath]);
      }
    }
  }
}

const loneSurrogate = (path: string) =>
  validationError(
    `Field '${(path || 'body').replace(/\p{Surrogate}/gu, '\uFFFD')}' contains a lone UTF-16 surrogate ` +
      '(half of a pair), which is not a character.',
  );
