import {
  InMemoryAuditLog,
  InMemoryEditionStore,
  InMemoryKeyStore,
  InMemoryPrecomputedAnswers,
  InMemoryRateLimiter,
  createInMemoryStores,
} from '@islamic-data/core';
import {
  auditLogConformance,
  contentVersionsConformance,
  editionStoreConformance,
  keyRequestStoreConformance,
  keyStoreConformance,
  precomputedAnswersConformance,
  rateLimiterConformance,
  unitOfWorkConformance,
} from '../src/index.js';

keyStoreConformance('in-memory', async () => new InMemoryKeyStore());
keyRequestStoreConformance('in-memory', async () => createInMemoryStores().stores);
auditLogConformance('in-memory', async () => new InMemoryAuditLog());
rateLimiterConformance('in-memory', async (policy) => new InMemoryRateLimiter(policy));
unitOfWorkConformance('in-memory', async () => createInMemoryStores());
editionStoreConformance('in-memory', async () => new InMemoryEditionStore());
contentVersionsConformance('in-memory', async () => createInMemoryStores());
precomputedAnswersConformance('in-memory', async () => new InMemoryPrecomputedAnswers());
