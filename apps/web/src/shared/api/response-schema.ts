import type { BaseEndpointDefinition, BaseQueryFn, DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';

type DefinitionsOf<Api> = DefinitionsFromApi<Api>;

/** What RTK Query takes as an endpoint's response schema (a Standard Schema of its result). */
type ResponseSchema<Result> = NonNullable<BaseEndpointDefinition<unknown, BaseQueryFn, Result>['responseSchema']>;

/**
 * A contract's zod schema as the response schema of a generated endpoint: it checks the answer at run time, while the
 * endpoint's type comes from the API document. Some contract schemas build enums from lists typed `string[]`
 * (`reminderFrequency`), which the document names exactly; their inferred type is wider, never different.
 */
export const checkedBy = <Result>(schema: ResponseSchema<unknown>): ResponseSchema<Result> => schema as ResponseSchema<Result>;

/**
 * Result types for generated endpoints, from the contracts rather than the document: for `enhanceEndpoints<Tags,
 * ResultTypes<typeof api, { groupsOne: GroupSummary }>>`, where the document's schema is still less exact than the
 * contract the service answers with (nullable fields).
 */
export type ResultTypes<Api extends { endpoints: object }, Results extends Partial<Record<keyof DefinitionsOf<Api>, unknown>>> = {
  [Name in keyof Results & keyof DefinitionsOf<Api>]: OverrideResultType<DefinitionsOf<Api>[Name], Results[Name]>;
};
