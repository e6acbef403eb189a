import type { BaseEndpointDefinition, BaseQueryFn } from '@reduxjs/toolkit/query';

/** What RTK Query takes as an endpoint's response schema (a Standard Schema of its result). */
type ResponseSchema<Result> = NonNullable<BaseEndpointDefinition<unknown, BaseQueryFn, Result>['responseSchema']>;

/**
 * A contract's zod schema as the response schema of a generated endpoint: it checks the answer at run time, while the
 * endpoint's type comes from the API document. Some contract schemas build enums from lists typed `string[]`
 * (`reminderFrequency`), which the document names exactly; their inferred type is wider, never different.
 */
export const checkedBy = <Result>(schema: ResponseSchema<unknown>): ResponseSchema<Result> => schema as ResponseSchema<Result>;
