import { expect } from 'chai';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { allowReadsFromAnyOrigin, isPreflight } from './cors.js';
import { assignRequestId } from './request-id.js';

const aRequest = (method: string, headers: Record<string, string> = {}) => {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.headers = headers;
  return { req, res: new ServerResponse(req) };
};

describe('http pipeline: the headers every request gets first', () => {
  it('gives a request id, keeping a plain incoming one, and forbids sniffing', () => {
    const { req, res } = aRequest('GET', { 'x-request-id': 'test-request-1' });
    expect(assignRequestId(req, res)).to.equal('test-request-1');
    expect(res.getHeader('X-Request-Id')).to.equal('test-request-1');
    expect(res.getHeader('X-Content-Type-Options')).to.equal('nosniff');
    for (const incoming of ['has space', 'x'.repeat(129), 'new\nline']) {
      const other = aRequest('GET', { 'x-request-id': incoming });
      expect(assignRequestId(other.req, other.res)).to.match(/^[0-9a-f-]{36}$/);
    }
  });

  it('opens reads to every origin and leaves writes without CORS headers', () => {
    const read = aRequest('HEAD');
    allowReadsFromAnyOrigin(read.req, read.res);
    expect(read.res.getHeader('Access-Control-Allow-Origin')).to.equal('*');
    expect(String(read.res.getHeader('Access-Control-Expose-Headers'))).to.contain('X-RateLimit-Remaining');
    const write = aRequest('PUT');
    allowReadsFromAnyOrigin(write.req, write.res);
    expect(write.res.getHeader('Access-Control-Allow-Origin')).to.equal(undefined);
  });

  it('tells a preflight by its OPTIONS with Access-Control-Request-Method', () => {
    expect(isPreflight(aRequest('OPTIONS', { 'access-control-request-method': 'GET' }).req)).to.equal(true);
    expect(isPreflight(aRequest('OPTIONS').req)).to.equal(false);
    expect(isPreflight(aRequest('GET', { 'access-control-request-method': 'GET' }).req)).to.equal(false);
  });
});
