/** A JSON Schema as the OpenAPI document gives it (only what the request generators read). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

export interface Parameter {
  name: string;
  schema: Schema;
  required: boolean;
}

/** One operation of the OpenAPI document, as the property-based suite asks it. */
export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for each path parameter, e.g. `/api/v1/quran/surahs/{surah}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: Schema | undefined;
  keyed: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
}

interface OperationObject {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}

/** Every operation the document lists: new routes are covered as soon as they are in it. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const of = (location: string) =>
        parameters
          .filter((parameter) => parameter.in === location)
          .map(({ name, schema, required }) => ({ name, schema, required: required ?? false }));
      return {
        method: method.toUpperCase(),
        path,
        pathParams: of('path'),
        queryParams: of('query'),
        body: operation.requestBody?.content['application/json']?.schema,
        keyed: (operation.security ?? []).length > 0,
      };
    }),
  );
}

/** The error codes the document declares (the spec's table and the contract's additions). */
export const errorCodesOf = (document: OpenApiDocument): string[] =>
  document.components.schemas.Error.properties.error.properties.code.enum;
