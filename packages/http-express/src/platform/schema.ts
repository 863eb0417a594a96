import { Type, type SchemaOptions, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * TypeBox writes a union as `anyOf`; these keep the plain JSON Schema forms the API documents
 * (`type: ['string', 'null']`, `enum`, a map by `additionalProperties`) while giving the exact static type.
 */

/** The schema, or null: `type: [type, 'null']`. */
export const nullable = <T extends TSchema>(schema: T, options: SchemaOptions = {}): TUnsafe<Static<T> | null> =>
  Type.Unsafe<Static<T> | null>({ ...stripped(schema), type: [schema.type as string, 'null'], ...options });

/** A string from a fixed list: `{type: 'string', enum}`. */
export const stringEnum = <const Value extends string>(
  values: readonly Value[],
  options: SchemaOptions = {},
): TUnsafe<Value> => Type.Unsafe<Value>({ type: 'string', enum: [...values], ...options });

/** An object of any keys whose values all match `value`. */
export const mapOf = <T extends TSchema>(value: T, options: SchemaOptions = {}): TUnsafe<Record<string, Static<T>>> =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: value, ...options });

/** The JSON of a schema, without TypeBox's symbol keys. */
export const stripped = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema));
