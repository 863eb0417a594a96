import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const ACCEPTABLE_INCOMING_ID = /^[\w.-]{1,128}$/;

/** Gives every request an id, echoed in `X-Request-Id` and written in its log lines. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get('X-Request-Id');
  const id = incoming && ACCEPTABLE_INCOMING_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};
