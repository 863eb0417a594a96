import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { trustProxyOf } from './app.js';
import { countedAddress } from './pipeline/client-address.js';
import { envelope } from './pipeline/error-envelope.js';
import { STATUS_BY_ERROR_CODE, type ApiErrorCode } from './platform/error-statuses.js';
import { JSON_CONTENT_TYPE } from './platform/representation.js';

export interface HttpServerOptions {
  /** Time a client has to send the request line and headers. */
  headersTimeoutSeconds: number;
  /** Time a client has to send the whole request, body included (at least the headers' time). */
  requestTimeoutSeconds: number;
  /**
   * Time a connection may make no progress at all, a response being sent included: a client that stops reading
   * (or reads a byte a minute, so the socket's buffers stay full) is dropped after it (issue 26, point 8).
   */
  inactivityTimeoutSeconds?: number;
  /**
   * Connections one client address (an IPv6 /64) may hold open at once; more are answered 429 and closed. The
   * proxies `trustProxy` trusts are not capped: every client behind them shares their address.
   */
  maxConnectionsPerAddress?: number;
  trustProxy?: boolean | number | string;
  logger: Logger;
}

/** Defaults of the two limits above (docs/operations.md). */
export const DEFAULT_INACTIVITY_TIMEOUT_SECONDS = 30;
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * The HTTP server around the app: slow clients are cut off after seconds (Node's defaults wait a minute
 * and more), and the requests Node refuses before the app sees them (headers too large, too slow, not
 * HTTP) still get the JSON envelope and a request id.
 */
export function createHttpServer(app: RequestListener, options: HttpServerOptions): Server {
  const server = createServer(
    {
      headersTimeout: options.headersTimeoutSeconds * 1000,
      requestTimeout: options.requestTimeoutSeconds * 1000,
      // How often Node looks for requests past those times (default 30 s, which would dominate them).
      connectionsCheckingInterval: 500,
    },
    app,
  );
  // Node destroys a socket that makes no progress for this long (its reads and its writes reaching the kernel).
  server.timeout = (options.inactivityTimeoutSeconds ?? DEFAULT_INACTIVITY_TIMEOUT_SECONDS) * 1000;
  capConnectionsPerAddress(server, options);
  server.on('clientError', answerClientError(options.logger));
  // An expectation other than 100-continue would get Node's bare 417; RFC 9110 §10.1.1 lets a server ignore it.
  server.on('checkExpectation', app);
  return server;
}

/**
 * Counts the open connections of each client address (`countedAddress`: IPv6 by /64) and answers one more than
 * `maxConnectionsPerAddress` with a 429 envelope before closing it. Addresses of trusted proxies are not counted.
 */
function capConnectionsPerAddress(server: Server, options: HttpServerOptions): void {
  const max = options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS;
  const trusted = trustProxyOf(options.trustProxy ?? false);
  const open = new Map<string, number>();
  // One log line per 10 s at most, with the refusals since the last: a flood of connections is not a flood of logs.
  let refusedSinceLog = 0;
  let loggedAt = 0;
  server.on('connection', (socket: Socket) => {
    const remote = socket.remoteAddress;
    if (remote === undefined || trusted(remote, 0)) return;
    const address = countedAddress(remote);
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      refusedSinceLog++;
      if (Date.now() - loggedAt >= 10_000) {
        options.logger.warn({ max, refused: refusedSinceLog }, 'connections refused: too many from one address');
        refusedSinceLog = 0;
        loggedAt = Date.now();
      }
      return void refuseConnection(socket, max);
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

function refuseConnection(socket: Socket, max: number): void {
  const body = envelope(
    'RATE_LIMITED',
    `Too many connections from your address (at most ${max} at once); close some before opening more.`,
  );
  const response = [
    `HTTP/1.1 429 ${STATUS_CODES[429]}`,
    `Content-Type: ${JSON_CONTENT_TYPE}`,
    `Content-Length: ${body.length}`,
    `X-Request-Id: ${randomUUID()}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Retry-After: 1',
    'Connection: close',
    '',
    body.toString(),
  ].join('\r\n');
  socket.on('error', () => undefined);
  socket.end(response);
  setTimeout(() => socket.destroy(), 1000).unref();
}

function answerClientError(logger: Logger) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already begun on this socket cannot be followed by another (as Node's own handler checks).
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return void socket.destroy();
    const [code, message] = refusal(error.code);
    const status = STATUS_BY_ERROR_CODE[code];
    const requestId = randomUUID();
    logger.warn({ requestId, status, reason: error.code ?? 'unknown' }, 'request refused before routing');
    const body = envelope(code, message);
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        `Content-Type: ${JSON_CONTENT_TYPE}`,
        `Content-Length: ${body.length}`,
        `X-Request-Id: ${requestId}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body.toString(),
      ].join('\r\n'),
    );
    setTimeout(() => socket.destroy(), 1000).unref();
  };
}

function refusal(reason: string | undefined): [ApiErrorCode, string] {
  switch (reason) {
    case 'HPE_HEADER_OVERFLOW':
      return ['HEADERS_TOO_LARGE', 'The request line and headers are larger than the server accepts (16 KiB).'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return ['REQUEST_TIMEOUT', 'The request was not received in time; send it again, faster.'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return ['PAYLOAD_TOO_LARGE', 'The request body is larger than the server accepts.'];
    default:
      return ['VALIDATION_ERROR', 'The request is not well-formed HTTP/1.1.'];
  }
}
