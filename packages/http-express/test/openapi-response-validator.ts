import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives as the module object.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** One response as the server sent it (the body already decompressed). */
export interface ObservedResponse {
  method: string;
  /** The request path, without the query string. */
  path: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

type Json = Record<string, any>;

/** What unknown paths and wrong methods answer: the platform's envelopes, not any operation's. */
const UNKNOWN_PATH = { statuses: [404, 429, 500], codes: ['NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR'] };
const WRONG_METHOD = { statuses: [405, 429, 500], codes: ['METHOD_NOT_ALLOWED', 'RATE_LIMITED', 'INTERNAL_ERROR'] };
const MALFORMED_PATH = {
  statuses: [400, 401, 403, 404, 405, 429, 500],
  codes: [
    'VALIDATION_ERROR',
    ...['MISSING_API_KEY', 'INVALID_API_KEY', 'EXPIRED_API_KEY', 'INSUFFICIENT_SCOPE', 'INSUFFICIENT_PERMISSION'],
    ...['NOT_FOUND', 'METHOD_NOT_ALLOWED', 'RATE_LIMITED', 'INTERNAL_ERROR'],
  ],
};

function hasMalformedEscape(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * Checks responses against an OpenAPI 3.1 document: the status must be documented for the operation,
 * the media type must be the documented one, and a JSON body must match the documented schema (ajv,
 * JSON Schema 2020-12, strict). Answers a list of problems, empty when the response tells the truth.
 */
export class OpenApiResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly templates: { template: string; pattern: RegExp; parameters: number }[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    this.ajv = addFormats(new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true }));
    // Keywords the API's schemas carry for people and for request validation, not for shapes.
    this.ajv.addKeyword('errorMessage');
    this.templates = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/?$`, 'i'),
      parameters: (template.match(/\{/g) ?? []).length,
    }));
  }

  /** The documented path a request path falls under (Express matches case-insensitively); the most literal wins. */
  templateOf(path: string): string | undefined {
    return this.templates.filter((each) => each.pattern.test(path)).sort((a, b) => a.parameters - b.parameters)[0]
      ?.template;
  }

  problemsWith(response: ObservedResponse): string[] {
    const method = response.method.toLowerCase();
    if (method === 'options') return []; // CORS preflights are not operations.
    const asked = method === 'head' ? 'get' : method;
    const where = `${response.method} ${response.path} → ${response.status}`;
    const template = this.templateOf(response.path);
    const operation: Json | undefined = template ? this.document.paths[template][asked] : undefined;
    if (!operation) {
      const platform = template ? WRONG_METHOD : UNKNOWN_PATH;
      // A path that does not decode is refused as a bad request, whatever the method or route.
      const allowed = hasMalformedEscape(response.path) ? MALFORMED_PATH : platform;
      return this.platformProblems(response, allowed, where);
    }

    const documented: Json | undefined = operation.responses[String(response.status)] ?? operation.responses.default;
    if (!documented) {
      return [`${where}: status ${response.status} is not documented for ${asked.toUpperCase()} ${template}`];
    }
    if (method === 'head' || !documented.content) {
      return response.body.length === 0 || method === 'head' ? [] : [`${where}: a body where none is documented`];
    }
    const mediaType = baseType(response.contentType);
    const media = Object.entries(documented.content as Json).find(([type]) => baseType(type) === mediaType);
    if (!media) {
      return [`${where}: Content-Type ${response.contentType} is not documented (${Object.keys(documented.content)})`];
    }
    if (mediaType !== 'application/json') return [];
    const key = `${asked} ${template} ${response.status} ${media[0]}`;
    return this.schemaProblems(key, media[1].schema, response.body, where);
  }

  private platformProblems(
    response: ObservedResponse,
    allowed: { statuses: number[]; codes: string[] },
    where: string,
  ): string[] {
    if (!allowed.statuses.includes(response.status)) return [`${where}: not an operation of the document`];
    if (response.method === 'HEAD') return [];
    const schema = { $ref: '#/components/schemas/Error' };
    const problems = this.schemaProblems('platform', schema, response.body, where);
    const code = safeJson(response.body)?.error?.code;
    return allowed.codes.includes(code) ? problems : [...problems, `${where}: code ${code} on a path it cannot answer`];
  }

  private schemaProblems(key: string, schema: Json, body: Buffer, where: string): string[] {
    const value = safeJson(body);
    if (value === undefined) return [`${where}: the body is not JSON: ${body.toString('utf8').slice(0, 200)}`];
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(inlineComponents(schema, this.document));
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
    return [`${where}: the body does not match the document: ${errors.join('; ')}`];
  }
}

const baseType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

function safeJson(body: Buffer): any {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Replaces `#/components/…` references by the schemas they name, so each response schema compiles alone. */
function inlineComponents(schema: unknown, document: Json): any {
  if (Array.isArray(schema)) return schema.map((each) => inlineComponents(each, document));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce((node: any, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    return inlineComponents(target, document);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inlineComponents(v, document)]));
}
