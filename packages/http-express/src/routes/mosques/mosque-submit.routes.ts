import { actorOfKey, submitMosque } from '@islamic-data/core';
import { defineRoute } from '../../platform/route.js';
import { mosqueSubmissionBody, submittedMosque } from './mosque-schemas.js';

export const submitMosqueRoute = defineRoute({
  method: 'post',
  path: '/mosques',
  resource: 'mosques',
  tag: 'Mosques',
  summary: 'Submit a mosque for moderation',
  description: [
    'Stored as `pending` under a new slug ' +
      '(lowercase ASCII from the English name and the city; `-2`, `-3`… when taken) and answered with 202.',
    'It is listed only after an operator approves it, ' +
      'which needs coordinates (given here as `lat`/`lng` or by the operator).',
    'Invalid fields: 400 VALIDATION_ERROR naming the field; unknown fields are refused.',
    '`submitterEmail` is kept for the moderator and never returned. Audited.',
  ].join(' '),
  body: mosqueSubmissionBody,
  response: submittedMosque,
  successStatus: 202,
  handle: async ({ body, key }, deps) => ({ data: await submitMosque(deps, body, actorOfKey(key!)) }),
});
