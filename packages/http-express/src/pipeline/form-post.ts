import type { IncomingMessage } from 'node:http';
import { sendPage } from '../pages/html.js';
import { isKnownFailure, STATUS_BY_ERROR_CODE } from '../platform/error-statuses.js';
import type { FormFields, HtmlForm, RouteDefinition, RouteResult } from '../platform/route.js';
import type { RequestContext } from './request-context.js';

/** Whether a request to a route that takes an HTML form sent one (rather than JSON). */
export const isFormPost = (req: IncomingMessage): boolean =>
  req.method === 'POST' &&
  (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** Failures the sender of a form can correct: answered with the form again, the message beside its field. */
const CORRECTABLE = new Set(['VALIDATION_ERROR', 'CONFLICT']);

/**
 * Answers a form post in HTML, for a browser with JavaScript off: `handle` is the route's validation and
 * handler, the same as for JSON. A success is the form's confirmation page (with the route's status); a
 * refusal the sender can correct is the form again with its message, with the refusal's status. Any other
 * failure goes on to the error envelope.
 */
export async function answerFormPost(
  ctx: RequestContext,
  route: RouteDefinition,
  form: HtmlForm,
  fields: FormFields,
  handle: () => Promise<RouteResult>,
): Promise<void> {
  let status: number;
  let html: string;
  try {
    const result = await handle();
    status = result.status ?? route.successStatus ?? 200;
    html = form.answered(result.data);
  } catch (error) {
    if (!isKnownFailure(error) || !CORRECTABLE.has(error.code)) throw error;
    status = STATUS_BY_ERROR_CODE[error.code];
    html = form.refused(fields, error.message);
  }
  sendPage(ctx.req, ctx.res, status, html);
}
