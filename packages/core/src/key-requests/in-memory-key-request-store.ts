import type { Snapshottable } from '../shared/snapshottable.js';
import type { KeyRequestRecord } from './key-request.js';
import type { KeyRequestStore } from './key-request-store.js';

export class InMemoryKeyRequestStore implements KeyRequestStore, Snapshottable {
  private records = new Map<string, KeyRequestRecord>();

  async insert(record: KeyRequestRecord): Promise<void> {
    if (this.records.has(record.id)) throw new Error(`Key request ${record.id} already exists.`);
    if (record.claimTokenHash !== null && (await this.findByClaimTokenHash(record.claimTokenHash)))
      throw new Error('Claim token hash already in use.');
    this.records.set(record.id, structuredClone(record));
  }

  async update(record: KeyRequestRecord): Promise<void> {
    const other = record.claimTokenHash === null ? undefined : await this.findByClaimTokenHash(record.claimTokenHash);
    if (other && other.id !== record.id) throw new Error('Claim token hash already in use.');
    if (this.records.has(record.id)) this.records.set(record.id, structuredClone(record));
  }

  async get(id: string): Promise<KeyRequestRecord | undefined> {
    const record = this.records.get(id);
    return record && structuredClone(record);
  }

  async findByClaimTokenHash(hash: string): Promise<KeyRequestRecord | undefined> {
    const record = [...this.records.values()].find((each) => each.claimTokenHash === hash);
    return record && structuredClone(record);
  }

  async list(status?: KeyRequestRecord['status']): Promise<KeyRequestRecord[]> {
    return [...this.records.values()]
      .filter((record) => status === undefined || record.status === status)
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1))
      .map((record) => structuredClone(record));
  }

  async countPendingFor(email: string): Promise<number> {
    return [...this.records.values()].filter((record) => record.status === 'pending' && record.email === email).length;
  }

  snapshot(): unknown {
    return structuredClone(this.records);
  }

  restore(state: unknown): void {
    this.records = structuredClone(state as Map<string, KeyRequestRecord>);
  }
}
