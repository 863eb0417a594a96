import type { Snapshottable } from '../shared/snapshottable.js';
import type { ApiKeyRecord } from './api-key.js';
import type { KeyStore } from './key-store.js';

export class InMemoryKeyStore implements KeyStore, Snapshottable {
  private keys = new Map<string, ApiKeyRecord>();

  async insert(key: ApiKeyRecord): Promise<void> {
    if (this.keys.has(key.id)) throw new Error(`Key ${key.id} already exists`);
    for (const existing of this.keys.values()) {
      if (existing.hash === key.hash) throw new Error('A key with this hash already exists');
    }
    this.keys.set(key.id, structuredClone(key));
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    for (const key of this.keys.values()) if (key.hash === hash) return structuredClone(key);
    return undefined;
  }

  async findById(id: string): Promise<ApiKeyRecord | undefined> {
    const key = this.keys.get(id);
    return key && structuredClone(key);
  }

  async list(): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((key) => structuredClone(key));
  }

  async markRevoked(id: string, at: string): Promise<boolean> {
    const key = this.keys.get(id);
    if (!key) return false;
    key.revokedAt ??= at;
    return true;
  }

  async markUsed(id: string, at: string): Promise<void> {
    const key = this.keys.get(id);
    if (key) key.lastUsedAt = at;
  }

  snapshot(): unknown {
    return structuredClone(this.keys);
  }

  restore(snapshot: unknown): void {
    this.keys = structuredClone(snapshot as Map<string, ApiKeyRecord>);
  }
}
