// Writes src/generated/openapi.ts from the document the server serves: the same `buildOpenApiDocument(apiRoutes)`
// that GET /openapi.json sends. Run after changing a route (`npm run generate:client`); then `tsc -b` again.
//
//   node packages/client/dist/scripts/generate-types.js
import { apiRoutes, buildOpenApiDocument } from '@islamic-data/http-express';
import { writeFileSync } from 'node:fs';
import { GENERATED_TYPES_FILE, typesOfDocument } from './generated-types.js';

writeFileSync(GENERATED_TYPES_FILE, await typesOfDocument(buildOpenApiDocument(apiRoutes)));
console.log(`wrote ${GENERATED_TYPES_FILE}`);
