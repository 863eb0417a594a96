import { AppError } from '@islamic-data/core';
import { expect } from 'chai';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { HttpRefusal } from '../platform/error-statuses.js';
import { envelope, sendFailure } from './error-envelope.js';

/** A real response whose body is kept; a logger whose lines are kept. */
function aFailedRequest(headers: Record<string, string> = {}) {
  const req = new IncomingMessage(new Socket());
  req.method = 'PUT';
  req.headers = headers;
  const res = new ServerResponse(req);
  let body = '';
  res.end = ((chunk?: Buffer) => {
    body += chunk ? chunk.toString() : '';
    return res;
  }) as typeof res.end;
  const lines: string[] = [];
  const logger = pino(new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }));
  const failed = { req, res, requestId: 'test-request-1', path: '/api/v1/test' };
  return { failed, res, logger, lines, body: () => JSON.parse(body) };
}

describe('http pipeline: the one error envelope', () => {
  it('builds {error: {code, message}} and nothing else', () => {
    expect(JSON.parse(envelope('NOT_FOUND', 'No route.').toString())).to.deep.equal({
      error: { code: 'NOT_FOUND', message: 'No route.' },
    });
  });

  it('words a use case’s failure and the adapter’s own with their statuses, logging neither', () => {
    for (const [error, status] of [
      [new AppError('INSUFFICIENT_SCOPE', 'Test scope.'), 403],
      [new HttpRefusal('METHOD_NOT_ALLOWED', 'Test method.'), 405],
    ] as const) {
      const { failed, res, logger, lines, body } = aFailedRequest();
      sendFailure(logger, failed, error);
      expect(res.statusCode).to.equal(status);
      expect(body()).to.deep.equal({ error: { code: error.code, message: error.message } });
      expect(res.getHeader('Content-Type')).to.equal('application/json; charset=utf-8');
      expect(lines).to.deep.equal([]);
    }
  });

  it('words what the body parser refuses: not JSON, not the coding it claims, too large', () => {
    const cases: [object, string, string, number][] = [
      [{ type: 'entity.parse.failed', status: 400 }, 'INVALID_JSON', 'not valid JSON', 400],
      [{ status: 400, code: 'Z_DATA_ERROR' }, 'INVALID_JSON', 'not valid gzip data', 400],
      [{ type: 'entity.too.large', status: 413 }, 'PAYLOAD_TOO_LARGE', '64 KiB', 413],
      [{ type: 'charset.unsupported', status: 415 }, 'VALIDATION_ERROR', 'UTF-8', 400],
    ];
    for (const [error, code, words, status] of cases) {
      const { failed, res, logger, body } = aFailedRequest({ 'content-encoding': 'gzip' });
      sendFailure(logger, failed, Object.assign(new Error('parser'), error));
      expect(res.statusCode, code).to.equal(status);
      expect(body().error.code).to.equal(code);
      expect(body().error.message).to.contain(words);
    }
  });

  it('answers anything else 500 without internals, and logs it once with the request id', () => {
    const { failed, res, logger, lines, body } = aFailedRequest();
    sendFailure(logger, failed, new TypeError('secret internals at /srv/app.js:1'));
    expect(res.statusCode).to.equal(500);
    expect(body().error.code).to.equal('INTERNAL_ERROR');
    expect(body().error.message).to.contain('test-request-1').and.not.to.contain('secret');
    expect(lines).to.have.lengthOf(1);
    expect(JSON.parse(lines[0]!)).to.include({ requestId: 'test-request-1', msg: 'unexpected failure' });
  });

  it('cuts short a response already begun instead of writing a second one', () => {
    const { failed, res, logger } = aFailedRequest();
    let destroyed = false;
    Object.defineProperty(res, 'headersSent', { value: true });
    res.destroy = (() => {
      destroyed = true;
      return res;
    }) as typeof res.destroy;
    sendFailure(logger, failed, new AppError('NOT_FOUND', 'Test.'));
    expect(destroyed).to.equal(true);
  });
});
