import { z } from 'zod';
import { toOpenApi30Types } from './zod-dto';
import { createZodDto } from './zod-dto';

describe(toOpenApi30Types.name, () => {
  it('writes a nullable type as OpenAPI 3.0 does: one type and nullable', () => {
    expect(toOpenApi30Types({ type: ['string', 'null'], maxLength: 5 })).toEqual({ type: 'string', maxLength: 5, nullable: true });
    expect(toOpenApi30Types({ properties: { at: { type: ['integer', 'null'] } } })).toEqual({
      properties: { at: { type: 'integer', nullable: true } },
    });
    expect(toOpenApi30Types({ type: ['string', 'number'] })).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
  });

  it('leaves a property named "type" and single types alone', () => {
    const schema = { type: 'object', properties: { type: { type: 'string' } }, required: ['type'] };
    expect(toOpenApi30Types(schema)).toEqual(schema);
  });
});

describe(createZodDto.name, () => {
  it('hands Swagger a nullable field as a nullable string, not as a list of strings', () => {
    class Dto extends createZodDto(z.object({ reminderTime: z.string().nullable() })) {}
    const metadata = (
      Dto as unknown as { _OPENAPI_METADATA_FACTORY(): Record<string, { type: unknown; nullable?: boolean }> }
    )._OPENAPI_METADATA_FACTORY();
    expect(metadata.reminderTime.type).toBe('string');
    expect(metadata.reminderTime.nullable).toBe(true);
  });
});
