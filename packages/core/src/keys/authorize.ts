import { AppError, withoutStack, type ErrorCode } from '../errors.js';
import type { KeyVerification } from './verify-key.js';
import { mosqueScope, type ApiKeyRecord, type Permission, type ResourceType } from './api-key.js';

const refusal = (code: ErrorCode, message: string) => withoutStack(() => new AppError(code, message));

/** Turns a verification that did not succeed into the error the API reports for it. */
export function requireVerifiedKey(verification: KeyVerification): ApiKeyRecord {
  switch (verification.outcome) {
    case 'ok':
      return verification.key;
    case 'missing':
      throw refusal('MISSING_API_KEY', 'An API key is required: send it in the X-API-Key header.');
    case 'invalid':
    case 'revoked':
      throw refusal('INVALID_API_KEY', 'API key not found or revoked.');
    case 'expired':
      throw refusal('EXPIRED_API_KEY', 'API key has expired.');
  }
}

/**
 * The key covers the resource type, or (`mosques` only) the one mosque the request is about: `mosque`, the slug
 * of a route that reaches one mosque's schedule or reads, is covered by the scope `mosque:{slug}`.
 */
export function requireScope(key: ApiKeyRecord, resource: ResourceType, mosque?: string): void {
  const ownMosque = resource === 'mosques' && mosque !== undefined && key.scopes.includes(mosqueScope(mosque));
  if (!key.scopes.includes('*') && !key.scopes.includes(resource) && !ownMosque) {
    throw refusal('INSUFFICIENT_SCOPE', `This API key does not cover the '${resource}' resource type.`);
  }
}

export function requirePermission(key: ApiKeyRecord, permission: Permission): void {
  if (!key.permissions.includes(permission)) {
    throw refusal('INSUFFICIENT_PERMISSION', `This API key lacks the '${permission}' permission.`);
  }
}
