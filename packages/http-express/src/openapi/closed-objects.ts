import type { JsonSchema } from '../platform/route.js';

/**
 * A copy of a response schema in which every object that lists its `properties` and says nothing about
 * others is closed (`additionalProperties: false`). Response shapes are closed unless a schema opens
 * them on purpose (a map by language is `additionalProperties: {type: 'string'}`), so a field added to
 * a response without its schema fails the response validation of the test suites.
 */
export function closedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    // `properties` and `examples` hold names and data, not schemas to close in their own right.
    copy[keyword] =
      keyword === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, each]) => [name, closedObjects(each)]))
        : keyword === 'examples' || keyword === 'example' || keyword === 'default' || keyword === 'enum'
          ? value
          : closedObjects(value);
  }
  if (copy.properties !== undefined && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}
