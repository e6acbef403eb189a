import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error';

/**
 * Documents a route's query parameters from the zod schema that validates them: each property's type, format,
 * pattern, bounds, enum and default as the route accepts it (the schema's input side: query values arrive as text
 * and `z.coerce` turns them into numbers). One schema, so the document cannot drift from the check.
 */
export const ApiQueryFrom = (schema: z.ZodObject, descriptions: Record<string, string> = {}) => {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, SchemaObject>;
    required?: string[];
  };
  return applyDecorators(
    ...Object.entries(json.properties ?? {}).map(([name, property]) =>
      ApiQuery({
        name,
        required: json.required?.includes(name) ?? false,
        schema: property,
        ...(descriptions[name] ? { description: descriptions[name] } : {}),
      }),
    ),
  );
};

/**
 * A route's query string read by the same schema `@ApiQueryFrom` documents it with; anything it refuses is a 400
 * naming each field (`(query)` when the problem is the query as a whole).
 */
export const parseQuery = <T extends z.ZodType>(schema: T, query: unknown): z.infer<T> => {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success)
    throw DomainError.validation(parsed.error.issues.map((i) => ({ field: i.path.join('.') || '(query)', message: i.message })));
  return parsed.data;
};
