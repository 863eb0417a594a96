import { escapeForTerminal } from '@islamic-data/core';

/**
 * `--json` prints exactly one JSON document on stdout; otherwise a human-readable text. Either way nothing stored
 * from a user reaches the terminal raw (issue 26, point 7): each line of the text is escaped
 * (`escapeForTerminal`), and the JSON's strings carry C1 controls and bidi controls as `\u` escapes too (JSON
 * escapes C0 itself), which is the same JSON value.
 */
export function print(json: boolean | undefined, value: unknown, human: () => string): void {
  process.stdout.write(json ? safeJson(value) + '\n' : terminalText(human()) + '\n');
}

/** Text for a terminal: its lines kept, everything else that could act on the terminal escaped. */
export const terminalText = (text: string): string => text.split('\n').map(escapeForTerminal).join('\n');

const NOT_ESCAPED_BY_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

export const safeJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(
    NOT_ESCAPED_BY_JSON,
    (character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );

export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((row) => columns.map((column) => format(row[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((cell) => cell[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

/** A cell on one line: a newline or an escape in stored text can neither break the table nor act on the terminal. */
function format(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (Array.isArray(value)) return escapeForTerminal(value.join(','));
  return escapeForTerminal(String(value));
}

export const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** `value` as a positive integer, or undefined when it is not one (each command words its own error). */
export function parsePositiveInteger(value: string): number | undefined {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : undefined;
}
