/* eslint-disable no-control-regex -- matching control characters is what this file is for. */
// C0 controls and DEL, C1 controls, and the bidi embeddings, overrides and isolates that can make stored
// text print as something else on a terminal or a page. Newline and tab are allowed only where a field says so.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

/**
 * Whether `text` holds a character no user text may store: a C0 or C1 control character (newline and tab
 * only where `allowLineBreaks`), DEL, or a bidi override, embedding or isolate.
 */
export function hasControlCharacters(text: string, options: { allowLineBreaks?: boolean } = {}): boolean {
  return (options.allowLineBreaks ? CONTROL : CONTROL_OR_LINE_BREAK).test(text);
}
