import { createZodDto as createNestZodDto, type ZodDto } from 'nestjs-zod';

type Json = Record<string, unknown>;
type Schema = Parameters<typeof createNestZodDto>[0];

/**
 * zod ≥ 4.5 writes a nullable primitive as `type: ['string', 'null']` (JSON Schema 2020-12). Our documents are OpenAPI
 * 3.0, where `type` is one name and null is `nullable: true`; nestjs-zod 5.5 rewrites only the older `anyOf` form, and
 * @nestjs/swagger reads a `type` list as "an array of the first type" — so `reminderTime: string | null` was documented
 * as a list of strings (nestjs-zod issues 473/474). This rewrites every `type` list in the metadata a DTO hands to
 * Swagger, before Swagger reads it.
 */
export const toOpenApi30Types = <T>(value: T): T => {
  if (Array.isArray(value)) return value.map((item: unknown) => toOpenApi30Types(item)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value as Json)) out[key] = toOpenApi30Types(inner);
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((type) => type !== 'null');
    const nullable = types.length < (out.type as string[]).length;
    delete out.type;
    if (types.length === 1) out.type = types[0];
    else if (types.length > 1) out.anyOf = types.map((type) => ({ type }));
    if (nullable) out.nullable = true;
  }
  return out as T;
};

/**
 * `createZodDto` of nestjs-zod, documenting nullable fields as OpenAPI 3.0 says (see toOpenApi30Types). Every DTO of
 * the services is made with this one, so the document describes what the schema accepts and answers.
 */
export const createZodDto = <TSchema extends Schema>(schema: TSchema): ZodDto<TSchema, false> => {
  // Typed as a plain class: the DTO's instance type is the schema's, which TypeScript cannot extend generically.
  const Base = createNestZodDto(schema) as unknown as (new () => object) & { _OPENAPI_METADATA_FACTORY(): unknown };
  class Dto extends Base {
    static override _OPENAPI_METADATA_FACTORY(): unknown {
      return toOpenApi30Types(super._OPENAPI_METADATA_FACTORY());
    }
  }
  return Dto as unknown as ZodDto<TSchema, false>;
};
