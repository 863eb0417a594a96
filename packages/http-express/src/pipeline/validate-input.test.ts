import { AppError, MADHABS, PARAMETER_RULES } from '@islamic-data/core';
import { Type, type TSchema } from '@sinclair/typebox';
import { expect } from 'chai';
import { defineRoute } from '../platform/route.js';
import { stringEnum } from '../platform/schema.js';
import { partValidator, type RequestPart } from './validate-input.js';
import { apiRoutes } from '../routes/index.js';
import { patchHadithRoute, putTranslationRoute } from '../routes/hadith/hadith-writes.routes.js';
import { submitMosqueRoute } from '../routes/mosques/mosque-submit.routes.js';
import { patchAyahRoute, putAyahTranslationRoute } from '../routes/quran/quran-writes.routes.js';

/** The message of the VALIDATION_ERROR the validator throws, or undefined when the value passes. */
function refusal(part: RequestPart, schema: TSchema, value: unknown): string | undefined {
  try {
    partValidator(part, schema)(value);
    return undefined;
  } catch (error) {
    expect(error).to.be.instanceOf(AppError).and.to.have.property('code', 'VALIDATION_ERROR');
    return (error as AppError).message;
  }
}

describe('http: request validation (TypeBox schemas, strict ajv)', () => {
  const route = defineRoute({
    method: 'put',
    path: '/test/{id}',
    resource: 'quran',
    tag: 'Test',
    summary: 'A synthetic route',
    params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
    query: Type.Object({
      madhab: Type.Optional(stringEnum(MADHABS, { default: 'shafi', errorMessage: PARAMETER_RULES.oneOf(MADHABS) })),
      date: Type.Optional(Type.String({ format: 'date', errorMessage: PARAMETER_RULES.isoDate })),
    }),
    body: Type.Object(
      { text: Type.String({ minLength: 1 }), email: Type.Optional(Type.String({ format: 'email' })) },
      { additionalProperties: false },
    ),
    response: Type.Null(),
    handle: async ({ params, query, body }) => ({
      data: { id: params.id + 1, madhab: query.madhab, text: body.text.trim() },
    }),
  });

  it('words a failure naming the parameter or field, with the schema’s own rule where it has one', () => {
    expect(refusal('query', route.query!, { madhab: 'maliki' })).to.equal(
      "Query parameter 'madhab' must be one of shafi, hanafi.",
    );
    expect(refusal('query', route.query!, { date: '2026-02-30' })).to.equal(
      "Query parameter 'date' must be a real calendar date written YYYY-MM-DD.",
    );
    expect(refusal('params', route.params!, { id: '0' })).to.equal("Path parameter 'id' must be >= 1.");
    expect(refusal('params', route.params!, { id: 'x' })).to.equal("Path parameter 'id' must be integer.");
    expect(refusal('body', route.body!, {})).to.equal("Field 'text' is required.");
    expect(refusal('body', route.body!, { text: 'Test', extra: 1 })).to.equal("Field 'extra' is not allowed.");
    expect(refusal('body', route.body!, { text: 'Test', email: 'not-an-email' })).to.equal(
      `Field 'email' must match format "email".`,
    );
  });

  it('coerces query and path text to the schema’s types and fills defaults; bodies are not coerced', () => {
    const query: Record<string, unknown> = {};
    const params: Record<string, unknown> = { id: '7' };
    partValidator('query', route.query!)(query);
    partValidator('params', route.params!)(params);
    expect(query).to.deep.equal({ madhab: 'shafi' });
    expect(params).to.deep.equal({ id: 7 });
    expect(refusal('body', route.body!, { text: 5 })).to.equal("Field 'text' must be string.");
  });

  it('refuses, when compiling, a keyword or format ajv does not know (strict mode)', () => {
    expect(() => partValidator('query', Type.Object({ q: Type.String({ notAKeyword: true }) }))).to.throw(
      /unknown keyword/,
    );
    expect(() => partValidator('query', Type.Object({ q: Type.String({ format: 'not-a-format' }) }))).to.throw(
      /unknown format/,
    );
  });

  it('compiles every schema of every route in strict mode', () => {
    let compiled = 0;
    for (const each of apiRoutes) {
      for (const part of ['query', 'params', 'body'] as const) {
        const schema = each[part];
        if (!schema) continue;
        partValidator(part, schema);
        compiled++;
      }
      partValidator('body', each.response);
      compiled++;
    }
    expect(compiled).to.be.above(apiRoutes.length);
  });

  // These shapes were checked by hand in the core before; the route schemas state them now.
  describe('the content and mosque write schemas', () => {
    const mosque = {
      nameEn: 'Test Mosque',
      addressLine1: '1 Test Road',
      city: 'Test City',
      country: 'gb',
      submitterEmail: 'test-submitter@example.org',
    };
    const submission = (change: Record<string, unknown>) =>
      refusal('body', submitMosqueRoute.body!, { ...mosque, ...change });

    it('accepts a valid submission, blank or null optional e-mail and website, and http(s) URLs', () => {
      expect(submission({})).to.equal(undefined);
      expect(submission({ email: '', website: '  ' })).to.equal(undefined);
      expect(submission({ email: null, website: null })).to.equal(undefined);
      expect(submission({ email: 'test@example.org', website: 'https://example.org/test?x=1' })).to.equal(undefined);
      expect(submission({ website: 'http://example.org' })).to.equal(undefined);
    });

    it('accepts the e-mail and website forms people use: spaces around, any script, upper-case schemes', () => {
      for (const email of [' test@example.org ', 'josé@example.org', 'info@test-münchen.de', 'a..b@example.org'])
        expect(submission({ email, submitterEmail: email }), email).to.equal(undefined);
      for (const website of [' https://example.org ', 'HTTPS://example.org', 'https://exämple.de/x', 'http://u@h.org/'])
        expect(submission({ website }), website).to.equal(undefined);
    });

    for (const [name, change, message] of [
      ['a bad submitterEmail', { submitterEmail: 'not-an-email' }, "Field 'submitterEmail' must be an e-mail address."],
      [
        'a submitterEmail with a space',
        { submitterEmail: 'a b@example.org' },
        "Field 'submitterEmail' must be an e-mail address.",
      ],
      [
        'an e-mail without a dot in the domain',
        { email: 'test@localhost' },
        "Field 'email' must be an e-mail address.",
      ],
      ['an ftp website', { website: 'ftp://example.org' }, "Field 'website' must be an http(s) URL."],
      ['a relative website', { website: 'example.org' }, "Field 'website' must be an http(s) URL."],
      ['a javascript: website', { website: 'javascript:alert(1)' }, "Field 'website' must be an http(s) URL."],
      ['a website without a host', { website: 'http://' }, "Field 'website' must be an http(s) URL."],
    ] as const) {
      it(`refuses ${name}`, () => {
        expect(submission(change)).to.equal(message);
      });
    }

    it('refuses an empty, blank or too long translation text', () => {
      for (const schema of [putAyahTranslationRoute.body!, putTranslationRoute.body!]) {
        for (const text of ['', '   ', 'x'.repeat(50_001)])
          expect(refusal('body', schema, { text }), JSON.stringify(text).slice(0, 20)).to.contain("'text'");
        expect(refusal('body', schema, { text: 'Test' })).to.equal(undefined);
      }
    });

    it('refuses empty patches, unknown fields and wrong types of ayah metadata', () => {
      const patch = (body: unknown) => refusal('body', patchAyahRoute.body!, body);
      expect(patch({})).to.equal("Field 'body' must set at least one of tags, notes, published.");
      for (const [body, field] of [
        [{ title: 'x' }, 'title'],
        [{ tags: 'x' }, 'tags'],
        [{ tags: [1] }, 'tags.0'],
        [{ tags: [''] }, 'tags.0'],
        [{ tags: Array(33).fill('t') }, 'tags'],
        [{ notes: 5 }, 'notes'],
        [{ published: 'yes' }, 'published'],
      ] as const) {
        expect(patch(body), JSON.stringify(body)).to.contain(`Field '${field}'`);
      }
      expect(patch({ tags: ['test'], notes: null, published: false })).to.equal(undefined);
    });

    it('refuses empty patches, unknown fields and wrong types of hadith metadata', () => {
      const patch = (body: unknown) => refusal('body', patchHadithRoute.body!, body);
      for (const [body, field] of [
        [{}, 'body'],
        [{ title: 'Test' }, 'title'],
        [{ published: 'no' }, 'published'],
        [{ tags: 'test' }, 'tags'],
        [{ tags: [''] }, 'tags.0'],
        [{ narrator: '' }, 'narrator'],
        [{ narrator: '   ' }, 'narrator'],
        [{ grade: 5 }, 'grade'],
        [{ notes: 'x'.repeat(10_001) }, 'notes'],
      ] as const) {
        expect(patch(body), JSON.stringify(body).slice(0, 40)).to.contain(`Field '${field}'`);
      }
      expect(patch({ narrator: null, grade: 'Test grade' })).to.equal(undefined);
    });
  });
});
