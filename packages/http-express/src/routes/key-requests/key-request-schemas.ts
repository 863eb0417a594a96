import {
  KEY_REQUEST_LIMITS,
  KEY_REQUEST_PATTERNS,
  KEY_REQUEST_RULES,
  KEY_REQUEST_STATUSES,
  PERMISSIONS,
  RESOURCE_TYPES,
} from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { nullable, stringEnum } from '../../platform/schema.js';

/**
 * The request for a key (CONTRACT §18), made from the core's patterns, limits and sentences: the API's
 * validation, the OpenAPI document and the form's script in the browser (which reads this schema) all
 * word a broken rule alike.
 */
const text = (kind: 'line' | 'text', limits: { min?: number; max: number }, rule: string, description: string) =>
  Type.String({
    ...(limits.min ? { minLength: limits.min } : {}),
    maxLength: limits.max,
    pattern: KEY_REQUEST_PATTERNS[kind],
    description,
    errorMessage: {
      type: rule,
      ...(limits.min ? { minLength: rule } : {}),
      maxLength: rule,
      pattern: KEY_REQUEST_RULES.characters,
    },
  });

export const keyRequestBody = Type.Object(
  {
    name: text('line', KEY_REQUEST_LIMITS.name, KEY_REQUEST_RULES.name, 'Your name, or your organisation’s.'),
    email: Type.String({
      maxLength: KEY_REQUEST_LIMITS.email.max,
      pattern: KEY_REQUEST_PATTERNS.email,
      description: 'Where the operator answers: the claim link or the reason for a refusal. Never shown or logged.',
      errorMessage: KEY_REQUEST_RULES.email,
    }),
    project: text(
      'text',
      KEY_REQUEST_LIMITS.project,
      KEY_REQUEST_RULES.project,
      'What you are building, and which endpoints it needs.',
    ),
    website: Type.Optional(
      Type.String({
        maxLength: KEY_REQUEST_LIMITS.website.max,
        pattern: KEY_REQUEST_PATTERNS.website,
        description: 'The project’s page, if it has one: an http(s) URL.',
        errorMessage: KEY_REQUEST_RULES.website,
      }),
    ),
    scopes: Type.Array(stringEnum(['*', ...RESOURCE_TYPES]), {
      minItems: 1,
      maxItems: RESOURCE_TYPES.length + 1,
      description: 'The resource types the key should read, or `*` for all.',
      errorMessage: KEY_REQUEST_RULES.scopes,
    }),
    permissions: Type.Array(stringEnum(PERMISSIONS), {
      minItems: 1,
      maxItems: PERMISSIONS.length,
      contains: Type.Literal('read'),
      description:
        '`read`, and `write` or `delete` if the project edits content. Keys are read-only unless the ' +
        'operator grants more.',
      errorMessage: KEY_REQUEST_RULES.permissions,
    }),
    note: Type.Optional(text('text', KEY_REQUEST_LIMITS.note, KEY_REQUEST_RULES.note, 'Anything else.')),
    fax: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Leave it out. The form hides it from people; a request that fills it is answered as accepted and dropped.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const keyRequestAccepted = Type.Object({
  id: Type.String({ description: '`kr_` and 22 base62 characters: unguessable, the only way to look it up.' }),
  status: stringEnum(['pending']),
  createdAt: Type.String({ format: 'date-time' }),
});

export const keyRequestParams = Type.Object({
  id: Type.String({ maxLength: 40, description: 'The id answered to the request (`kr_…`).' }),
});

export const keyRequestStatus = Type.Object({
  id: Type.String(),
  status: stringEnum(KEY_REQUEST_STATUSES, {
    description:
      '`approved`: the claim link is on its way; `claimed`: the key was taken; `expired`: the link ran out (7 days).',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  decidedAt: nullable(Type.String({ format: 'date-time' })),
});
