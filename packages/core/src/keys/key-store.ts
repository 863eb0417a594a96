import type { ApiKeyRecord } from './api-key.js';

/** Port: where key records live. Only hashes are ever handed to it. */
export interface KeyStore {
  insert(key: ApiKeyRecord): Promise<void>;
  findByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  findById(id: string): Promise<ApiKeyRecord | undefined>;
  /** All keys, oldest first. */
  list(): Promise<ApiKeyRecord[]>;
  /** Returns false when there is no such key. */
  markRevoked(id: string, at: string): Promise<boolean>;
  markUsed(id: string, at: string): Promise<void>;
}
