import { AppError, type ApiKeyRecord } from '@islamic-data/core';
import { rmSync, writeFileSync } from 'node:fs';
import type { AppDependencies } from '../dependencies.js';
import { compressSync } from '../platform/compression.js';
import { envelopeBytes, envelopePieces } from '../platform/envelope-bytes.js';
import { filedBody, type FiledBody } from '../platform/filed-body.js';
import { preferredCoding, type ContentCoding } from '../platform/content-coding.js';
import {
  COMPRESS_FROM_BYTES,
  entityTag,
  JSON_CONTENT_TYPE,
  STORE_FROM_BYTES,
  type MadeBeside,
} from '../platform/representation.js';
import type { RouteDefinition } from '../platform/route.js';
import { runHandler } from './run-handler.js';
import type { ValidatedInput } from './validate-input.js';

/**
 * A read's answer: a 200's body and headers (built elsewhere, with its entity tag, the variant in the coding
 * asked for, and the file it was written to), a 200's body written only to its file (a download: `filed`), or
 * another success status with its data.
 */
export type BuiltAnswer =
  | {
      body: Uint8Array;
      headers: Record<string, string>;
      etag?: string;
      variant?: { coding: Exclude<ContentCoding, 'identity'>; bytes: Uint8Array };
      file?: string;
    }
  | { filed: FiledBody; headers: Record<string, string> }
  | { status: number; data: unknown }
  | { refusal: { code: string; message: string } };

/**
 * What runs `large` routes elsewhere (a worker thread): the route by `GET /path`, its validated input, the key,
 * the request's `Accept-Encoding` (the variant it prefers is made there too), and where to write a body large
 * enough to be kept in files (`storeAt`, when the answer is to be kept).
 */
export interface AnswerBuilder {
  build(
    route: string,
    input: ValidatedInput,
    key: ApiKeyRecord | null,
    acceptEncoding?: string,
    storeAt?: string,
  ): Promise<BuiltAnswer>;
}

export const routeId = (route: RouteDefinition) => `${route.method.toUpperCase()} ${route.path}`;

const withCharset = (contentType: string) =>
  /;\s*charset=/i.test(contentType) ? contentType : `${contentType}; charset=utf-8`;

/** Runs a read's handler and serialises its answer: the same code in the request's turn and in a worker. */
export async function buildAnswer(
  route: RouteDefinition,
  input: ValidatedInput,
  key: ApiKeyRecord | null,
  deps: AppDependencies,
): Promise<BuiltAnswer> {
  const result = await runHandler(route, input, key, deps);
  if (!succeeded(result)) return { status: result.status!, data: result.data };
  return { body: bodyOf(route, result), headers: headersOf(route) };
}

type HandlerResult = Awaited<ReturnType<typeof runHandler>>;

const succeeded = (result: HandlerResult) => result.status === undefined || result.status === 200;

const bodyOf = (route: RouteDefinition, result: HandlerResult): Buffer =>
  route.produces ? Buffer.from(result.text ?? '') : envelopeBytes(result.data);

function headersOf(route: RouteDefinition): Record<string, string> {
  return route.produces
    ? {
        'Content-Type': withCharset(route.produces.contentType),
        'Content-Disposition': `inline; filename="${route.produces.filename}"`,
      }
    : { 'Content-Type': JSON_CONTENT_TYPE };
}

/**
 * `buildAnswer` for a whole dataset (a `builtAlone` route: a download) that is to be kept in files: a body of 64 KiB
 * or more is written to `file` a few hundred entries at a time as it is serialised, and hashed as it goes
 * (`filedBody`), so that the builder never holds it whole nor sends it to the event loop (a download of 19 MB had
 * been held as its pieces, then as their concatenation, then by the event loop until sent and written). Its
 * variants are made from the file when asked for (stored-representation.ts). A smaller one, or one whose file
 * cannot be written, is a body as `buildAnswer` makes it.
 */
async function buildAnswerInFile(
  route: RouteDefinition,
  input: ValidatedInput,
  key: ApiKeyRecord | null,
  deps: AppDependencies,
  file: string,
): Promise<BuiltAnswer> {
  const result = await runHandler(route, input, key, deps);
  if (!succeeded(result)) return { status: result.status!, data: result.data };
  const body = filedBody(file, route.produces ? [result.text ?? ''] : envelopePieces(result.data));
  if (body === undefined) return { body: bodyOf(route, result), headers: headersOf(route) };
  return Buffer.isBuffer(body) ? { body, headers: headersOf(route) } : { filed: body, headers: headersOf(route) };
}

/**
 * The answering side of a worker: runs `buildAnswer` for a route named by its id, and gives a refusal of the core
 * (an `AppError`) as data, so the pipeline answers it exactly as if it had been thrown in its own turn. A 200's
 * entity tag and its variant in the coding asked for are made here too, synchronously: the event loop then
 * neither hashes nor compresses a large answer for its first request (async zlib's stream machinery alone was
 * about a tenth of the main thread's CPU on the mix). In the worker's threadpool instead, the worker spent as
 * much of its own time in zlib's stream machinery as it saved, and the large answers' p50 rose by a tenth. A
 * download to be kept in files is written straight to its file instead (`buildAnswerInFile`); its variant is made
 * from the file, in the server's threadpool, when first asked for.
 */
export function answerBuilding(routes: RouteDefinition[], deps: AppDependencies) {
  const byId = new Map(routes.map((route) => [routeId(route), route]));
  return async (
    id: string,
    input: ValidatedInput,
    key: ApiKeyRecord | null,
    acceptEncoding?: string,
    storeAt?: string,
  ): Promise<BuiltAnswer> => {
    const route = byId.get(id);
    if (!route) throw new Error(`No route ${id} to build.`);
    try {
      // A download's file is written as it is serialised, or not at all (too small, or it could not be).
      const inFile = route.builtAlone && storeAt !== undefined;
      const answer = inFile
        ? await buildAnswerInFile(route, input, key, deps, storeAt)
        : await buildAnswer(route, input, key, deps);
      if (!('body' in answer)) return answer;
      const etag = entityTag(answer.body);
      const file =
        !inFile && storeAt !== undefined && answer.body.length >= STORE_FROM_BYTES
          ? written(storeAt, answer.body)
          : undefined;
      const coding = preferredCoding(acceptEncoding);
      if (coding === 'identity' || answer.body.length < COMPRESS_FROM_BYTES) return { ...answer, etag, file };
      return { ...answer, etag, file, variant: { coding, bytes: compressSync(coding, answer.body) } };
    } catch (error) {
      if (error instanceof AppError) return { refusal: { code: error.code, message: error.message } };
      throw error;
    }
  };
}

/**
 * An answer built elsewhere, back in the pipeline: a refusal is thrown again as the core's own error; a body (and
 * its variant) become Buffers over the memory the worker gave, with what was made beside it; a body only in its
 * file is its length, with the file and its tag.
 */
export function receivedAnswer(
  answer: BuiltAnswer,
):
  | { body: Buffer | { length: number }; headers: Record<string, string>; made?: MadeBeside }
  | { status: number; data: unknown } {
  if ('refusal' in answer) throw new AppError(answer.refusal.code as AppError['code'], answer.refusal.message);
  if ('filed' in answer) {
    const { file, length, etag } = answer.filed;
    return { body: { length }, headers: answer.headers, made: { etag, file } };
  }
  if (!('body' in answer)) return answer;
  const { body, headers, etag, variant, file } = answer;
  if (etag === undefined) return { body: asBuffer(body), headers };
  const made = { etag, file, variant: variant && { coding: variant.coding, bytes: asBuffer(variant.bytes) } };
  return { body: asBuffer(body), headers, made };
}

/**
 * The body written to its file by the builder, synchronously in its own thread: the event loop then makes no
 * file for a large answer (open, write and close were about 4 % of its time on the mix). A write that fails
 * leaves it to the event loop.
 */
function written(file: string, body: Uint8Array): string | undefined {
  try {
    writeFileSync(file, body);
    return file;
  } catch {
    rmSync(file, { force: true });
    return undefined;
  }
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
