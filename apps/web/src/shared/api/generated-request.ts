import type { DefinitionsFromApi, FetchArgs, QueryArgFrom } from '@reduxjs/toolkit/query';
import { abideApi } from './generated/abideApi';

type Definitions = DefinitionsFromApi<typeof abideApi>;

/**
 * The request a generated endpoint makes for an argument (its `query`), for the few endpoints that compose one: an
 * infinite list over a paged operation, a read that tolerates its service being down. The URL stays the generated one.
 */
export const requestOf = <Name extends keyof Definitions>(name: Name): ((arg: QueryArgFrom<Definitions[Name]>) => FetchArgs) => {
  let request: ((arg: never) => string | FetchArgs) | undefined;
  abideApi.enhanceEndpoints({
    endpoints: {
      [name]: (definition: { query?: (arg: never) => string | FetchArgs }) => {
        request = definition.query;
      },
    },
  });
  if (!request) throw new Error(`The generated endpoint ${String(name)} makes no request of its own`);
  const query = request as (arg: QueryArgFrom<Definitions[Name]>) => string | FetchArgs;
  return (arg) => {
    const made = query(arg);
    return typeof made === 'string' ? { url: made } : made;
  };
};
