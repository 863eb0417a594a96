export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to send for an `Accept-Encoding` header: br or gzip by their q-values (br on a tie), else
 * identity. A hand-written reader: it runs on every request.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...parameters] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const qParameter = parameters.map((each) => each.trim()).find((each) => /^q=/i.test(each));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (Number.isNaN(q)) continue;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}
