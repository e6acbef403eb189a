import { withNamedSchemas } from './named-schemas';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const meeting = {
  type: 'object',
  required: ['day', 'time'],
  properties: { day: { type: 'string', enum: ['sunday', 'monday'] }, time: { type: 'string', maxLength: 5 } },
};
const summaryFields = {
  id: { type: 'string' },
  name: { type: 'string' },
  slug: { type: 'string' },
  color: { type: 'string' },
  logoUrl: { type: 'string', nullable: true },
};
const document = (schemas: Record<string, object>, paths: object = {}) => ({ paths, components: { schemas } });
const schemasOf = (input: ReturnType<typeof document>) => withNamedSchemas(input).components.schemas;

describe('withNamedSchemas: the document the client is generated from', () => {
  it('refers to a component wherever its shape stands inline, a nullable use as a nullable reference', () => {
    const schemas = schemasOf(
      document({
        Meeting: meeting,
        Group: { type: 'object', properties: { meeting: { ...meeting, nullable: true } } },
        Page: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { meeting } } } } },
      }),
    );
    expect(schemas.Meeting).toEqual(meeting);
    expect(schemas.Group).toEqual({ type: 'object', properties: { meeting: { anyOf: [ref('Meeting')], nullable: true } } });
    // The list's item stands once, so it stays inline; the meeting inside it is named.
    expect(schemas.Page).toEqual({
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { meeting: ref('Meeting') } } } },
    });
  });

  it('names a shape that stands in several places after where it first stands, and keeps each root as it is', () => {
    const input = document(
      { A: { type: 'object', properties: { when: meeting } }, B: { type: 'object', properties: { next: meeting } } },
      { '/x': { post: { operationId: 'xCreate', requestBody: { content: { 'application/json': { schema: meeting } } } } } },
    );
    const result = withNamedSchemas(input);
    expect(result.components.schemas).toEqual({
      A: { type: 'object', properties: { when: ref('AWhen') } },
      B: { type: 'object', properties: { next: ref('AWhen') } },
      AWhen: meeting,
    });
    // The generator names an endpoint's argument after its body's schema: a body written inline stays inline.
    expect(result.paths).toEqual(input.paths);
  });

  it('takes shapes as alike when they differ only in what no type or check reads (lengths, patterns, defaults)', () => {
    const relaxed = { ...meeting, properties: { ...meeting.properties, time: { type: 'string', pattern: '^\\d' } } };
    const schemas = schemasOf(document({ Meeting: meeting, Group: { type: 'object', properties: { meeting: relaxed } } }));
    expect(schemas.Group).toEqual({ type: 'object', properties: { meeting: ref('Meeting') } });
  });

  it('keeps apart shapes a client reads differently: a field required in one and optional in the other', () => {
    const optional = { ...meeting, required: ['day'] };
    const schemas = schemasOf(document({ Meeting: meeting, Group: { type: 'object', properties: { meeting: optional } } }));
    expect(schemas.Group).toEqual({ type: 'object', properties: { meeting: optional } });
  });

  it('writes an object that adds fields to a named one as that one plus its own fields', () => {
    const summary = { type: 'object', required: ['id', 'name'], properties: summaryFields };
    const detail = {
      type: 'object',
      required: ['id', 'name', 'welcome'],
      properties: { ...summaryFields, welcome: { type: 'string' }, joinCode: { type: 'string', nullable: true } },
    };
    const schemas = schemasOf(document({ Summary: summary, Detail: detail }));
    expect(schemas.Summary).toEqual(summary);
    expect(schemas.Detail).toEqual({
      allOf: [
        ref('Summary'),
        { type: 'object', properties: { welcome: { type: 'string' }, joinCode: { type: 'string', nullable: true } }, required: ['welcome'] },
      ],
    });
  });

  it('leaves the document alone when no shape stands twice', () => {
    const input = document({ Meeting: meeting, Other: { type: 'object', properties: { n: { type: 'number' } } } });
    expect(withNamedSchemas(input)).toEqual(input);
  });
});
