import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** The one error body of the API (RFC 9457, built by `problem()` in errors/problem-details.filter.ts). */
export const problemDetailsSchema: SchemaObject = {
  type: 'object',
  required: ['type', 'title', 'status', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    code: { type: 'string' },
    requestId: { type: 'string' },
    retryAt: { type: 'string', format: 'date-time', description: 'With Retry-After: the moment trying again can succeed.' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

export const PROBLEM_DETAILS_REF = '#/components/schemas/ProblemDetails';
