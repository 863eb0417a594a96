import { getKeyRequestStatus, submitKeyRequest, type KeyRequestInput } from '@islamic-data/core';
import { formToBody, requestKeyConfirmation, requestKeyForm } from '../../pages/request-key-page.js';
import { defineRoute, type RouteDefinition } from '../../platform/route.js';
import { keyRequestAccepted, keyRequestBody, keyRequestParams, keyRequestStatus } from './key-request-schemas.js';

const submitKeyRequestRoute = defineRoute({
  method: 'post',
  path: '/key-requests',
  resource: null,
  tag: 'Keys',
  summary: 'Ask for an API key',
  description: [
    'The contact form of the specification: what you are building and which endpoints it needs. Keys are',
    'issued by hand, usually within 24 hours; the answer comes by e-mail, with a one-time link that shows the key',
    'once (`/keys/claim/{token}`). The form at `/request-key` posts here.',
    'Takes `application/json`, or `application/x-www-form-urlencoded` from an HTML form (then answered with an',
    'HTML page: the confirmation, or the form again with the message beside its field).',
    'Invalid fields: 400 naming the field; unknown fields are refused. At most 5 submissions an hour per client',
    'address (configurable): 429 after, and at most 3 requests waiting per e-mail address: 409. The e-mail address',
    'is never returned or logged.',
  ].join(' '),
  body: keyRequestBody,
  response: keyRequestAccepted,
  successStatus: 202,
  errors: ['CONFLICT'],
  addressLimit: 'submissions',
  cacheControl: 'no-store',
  htmlForm: { toBody: formToBody, answered: requestKeyConfirmation, refused: requestKeyForm },
  handle: async ({ body }, deps) => ({
    data: await submitKeyRequest(deps, body as KeyRequestInput, {
      maxPendingPerEmail: deps.pendingKeyRequestsPerEmail,
    }),
  }),
});

const keyRequestStatusRoute = defineRoute({
  method: 'get',
  path: '/key-requests/{id}',
  resource: null,
  tag: 'Keys',
  summary: 'The status of a key request',
  description:
    '`pending`, `approved` (the link is sent), `rejected`, `claimed` or `expired` (the link was not used in 7 ' +
    'days). No personal data: the id, unguessable, is all it takes. `Cache-Control: no-store`.',
  params: keyRequestParams,
  response: keyRequestStatus,
  cacheControl: 'no-store',
  handle: async ({ params }, deps) => ({ data: await getKeyRequestStatus(deps, params.id) }),
});

export const keyRequestRoutes: RouteDefinition[] = [submitKeyRequestRoute, keyRequestStatusRoute];
