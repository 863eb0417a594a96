import type { HttpApp } from '../src/index.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ObservedResponse } from './openapi-response-validator.js';

/**
 * The app, reporting every response it sends to `observe` with its decompressed body. Wraps the
 * app's request handler (a Proxy keeps the app's other properties), capturing what the
 * handler writes below any compression; `observe` runs inside `end`, before the client can read the
 * response, so a test never passes on a response that has not been checked yet.
 */
export function recordingResponses(app: HttpApp, observe: (response: ObservedResponse) => void): HttpApp {
  return new Proxy(app, {
    apply(target, thisArg, args: [IncomingMessage, ServerResponse, ...unknown[]]) {
      const [req, res] = args;
      const path = (req.url ?? '/').split('?')[0]!;
      const method = req.method ?? 'GET';
      const chunks: Buffer[] = [];
      const write = res.write;
      const end = res.end;
      res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
        collect(chunks, chunk, rest[0]);
        return (write as (...all: unknown[]) => boolean).call(this, chunk, ...rest);
      } as typeof res.write;
      res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
        collect(chunks, chunk, rest[0]);
        observe({
          method,
          path,
          status: res.statusCode,
          contentType: header(res, 'content-type'),
          body: decoded(Buffer.concat(chunks), header(res, 'content-encoding')),
        });
        return (end as (...all: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      } as typeof res.end;
      return Reflect.apply(target, thisArg, args);
    },
  });
}

function collect(chunks: Buffer[], chunk: unknown, encoding: unknown): void {
  if (typeof chunk === 'string')
    chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
}

const header = (res: ServerResponse, name: string) => {
  const value = res.getHeader(name);
  return value === undefined ? undefined : String(value);
};

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (body.length === 0) return body;
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      return body;
  }
}
