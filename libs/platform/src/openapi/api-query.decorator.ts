import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';

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
