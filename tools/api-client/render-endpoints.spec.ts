import { readFileSync } from 'node:fs';
import { CACHE_TAGS_EXTENSION, type CacheTag } from '@abide/contracts';
import { snapshotPath } from './paths';
import { type ApiDocument, cacheTagTypesOf, renderEndpointModules, zodOf } from './render-endpoints';

const committed = JSON.parse(readFileSync(snapshotPath, 'utf8')) as ApiDocument;

const operations = (document: ApiDocument) => Object.values(document.paths).flatMap((item) => Object.values(item));
const tagType = (tag: CacheTag) => (typeof tag === 'string' ? tag : tag.type);

/** The reads whose cached answers a write makes stale, by the tags their routes declare. */
const readsRefreshedBy = (document: ApiDocument, writeId: string): string[] => {
  const write = operations(document).find((operation) => operation.operationId === writeId);
  if (!write) throw new Error(`No operation ${writeId}`);
  const stale = new Set((write[CACHE_TAGS_EXTENSION]?.invalidates ?? []).map(tagType));
  return operations(document)
    .filter((operation) => (operation[CACHE_TAGS_EXTENSION]?.provides ?? []).some((tag) => stale.has(tagType(tag))))
    .map((operation) => operation.operationId!)
    .sort();
};

describe('the response schemas generated from the document', () => {
  const render = (schema: object) => zodOf(schema, new Set());

  it('keep the shape the client types read: required, optional and nullable fields, enums, lists, maps', () => {
    expect(
      render({
        type: 'object',
        required: ['id', 'status'],
        properties: {
          id: { type: 'string', pattern: '^x' },
          status: { type: 'string', enum: ['due', 'done'] },
          note: { type: 'string', nullable: true },
          'week-day': { type: 'array', items: { type: 'integer', minimum: 0 } },
          counts: { type: 'object', additionalProperties: { type: 'number' } },
        },
      }),
    ).toBe(
      'z.object({ id: z.string(), status: z.enum(["due","done"]), note: z.string().nullable().optional(), ' +
        '"week-day": z.array(z.number()).optional(), counts: z.record(z.string(), z.number()).optional() })',
    );
  });

  it('name a component by its constant and collect it, so the module declares it first', () => {
    const refs = new Set<string>();
    expect(zodOf({ anyOf: [{ $ref: '#/components/schemas/HabitDto' }, { const: 'none' }] }, refs)).toBe(
      'z.union([HabitDtoSchema, z.literal("none")])',
    );
    expect([...refs]).toEqual(['HabitDto']);
  });

  it('let the offline queue’s answer past a write’s check, never past a read’s', () => {
    const modules = renderEndpointModules(committed);
    expect(modules['endpoints/habits.ts']).toContain("import { checkedUnlessQueued, isQueued } from '../../queued-answer';");
    expect(modules['endpoints/habits.ts']).toContain('habitsToggle: { responseSchema: checkedUnlessQueued(habitsToggleResponse),');
    expect(modules['endpoints/habits.ts']).toContain('habitsList: { responseSchema: habitsListResponse,');
  });

  it('check an answer of either success status (sign-in: a session, or a second factor to ask for)', () => {
    const modules = renderEndpointModules(committed);
    expect(modules['endpoints/auth.ts']).toContain(
      'export const sessionsSignInResponse = z.union([SessionResponseDtoSchema, SignInChallengeDtoSchema]);',
    );
  });
});

describe('the cache tags generated from the routes (`@CacheTags`, x-abide-cache)', () => {
  const document = (declaration: object, parameters: object[] = [], requestBody?: object, method = 'get'): ApiDocument => ({
    paths: {
      '/churches/{id}': {
        [method]: { operationId: 'churchesUpdate', tags: ['churches'], parameters, requestBody, [CACHE_TAGS_EXTENSION]: declaration },
      },
    },
  });
  const endpointOf = (doc: ApiDocument) => /churchesUpdate: \{ (.*) \},/.exec(renderEndpointModules(doc)['endpoints/churches.ts'])?.[1];

  it('renders names as a list and an item as the argument it is (a lone parameter) or a field of it', () => {
    expect(endpointOf(document({ invalidates: ['MyChurches'] }))).toBe('invalidatesTags: ["MyChurches"]');
    const item = { invalidates: ['MyChurches', { type: 'Church', idParam: 'id' }] };
    expect(endpointOf(document(item, [{ in: 'path', name: 'id' }]))).toBe(
      'invalidatesTags: (_result, _error, arg) => ["MyChurches", { type: "Church", id: arg }]',
    );
    expect(endpointOf(document(item, [{ in: 'path', name: 'id' }], { content: {} }))).toBe(
      'invalidatesTags: (_result, _error, arg) => ["MyChurches", { type: "Church", id: arg.id }]',
    );
  });

  it('leaves the cache alone after a refused write when the route says so', () => {
    expect(endpointOf(document({ invalidates: ['Curricula'], onlyOnSuccess: true }))).toBe(
      'invalidatesTags: (_result, error) => (error ? [] : ["Curricula"])',
    );
  });

  it('leaves the cache alone after a write the offline queue kept (nothing changed on the server yet)', () => {
    const item = { invalidates: ['MyChurches', { type: 'Church', idParam: 'id' }] };
    expect(endpointOf(document(item, [{ in: 'path', name: 'id' }], undefined, 'post'))).toBe(
      'invalidatesTags: (result, _error, arg) => (isQueued(result) ? [] : ["MyChurches", { type: "Church", id: arg }])',
    );
    expect(endpointOf(document({ invalidates: ['Curricula'], onlyOnSuccess: true }, [], undefined, 'patch'))).toBe(
      'invalidatesTags: (result, error) => (error || isQueued(result) ? [] : ["Curricula"])',
    );
  });

  it('refuses an item tag whose parameter the route does not have', () => {
    expect(() =>
      renderEndpointModules(document({ provides: [{ type: 'Church', idParam: 'churchId' }] }, [{ in: 'path', name: 'id' }])),
    ).toThrow('churchesUpdate: the cache tag Church names the parameter churchId, which the route does not have');
  });

  it('lists every tag name a route declares, for the API slice', () => {
    expect(cacheTagTypesOf(document({ provides: ['B', { type: 'A', idParam: 'id' }], invalidates: ['B'] }))).toEqual(['A', 'B']);
  });
});

describe('what the committed document makes the web app read again', () => {
  it('invalidates only tags some read provides (a typo would refresh nothing)', () => {
    const provided = new Set(operations(committed).flatMap((operation) => (operation[CACHE_TAGS_EXTENSION]?.provides ?? []).map(tagType)));
    const dangling = operations(committed).flatMap((operation) =>
      (operation[CACHE_TAGS_EXTENSION]?.invalidates ?? [])
        .map(tagType)
        .filter((tag) => !provided.has(tag))
        .map((tag) => `${operation.operationId} → ${tag}`),
    );
    expect(dangling).toEqual([]);
  });

  // The screens a member sees change after these writes; each line fails when a route's tag goes missing.
  it.each([
    ['habitsToggle', ['habitsAnalytics', 'habitsEntries', 'habitsList', 'statsOverview']],
    ['habitsSetRestDays', ['habitsAnalytics', 'habitsList', 'habitsRestDays', 'statsOverview']],
    ['plansToggle', ['statsOverview']],
    ['plansRegenerate', ['plansCurrent', 'statsOverview']],
    ['journalCreate', ['journalGet', 'journalList', 'journalStats', 'statsOverview']],
    ['groupsJoin', ['groupsDiscover', 'groupsMembers', 'groupsMine', 'groupsOne']],
    ['groupsApprove', ['groupsDashboard', 'groupsMembers', 'groupsMine', 'groupsOne', 'groupsRequests']],
    ['prayersPost', ['prayersList']],
    ['churchesJoin', ['churchesMine', 'churchesPortal', 'groupsDiscover']],
    ['churchesApprove', ['churchesDetail', 'churchesMembers', 'churchesPortal', 'churchesRequests']],
    ['invitationsAcceptAsMember', ['churchesMine']],
    ['moderationApprove', ['moderationAudit', 'moderationQueue', 'uploadsList', 'uploadsOne']],
    ['curriculaPublish', ['curriculaDetail', 'curriculaList', 'curriculaProgress', 'curriculaWeek']],
  ])('after %s it reads %j again', (write, reads) => {
    expect(readsRefreshedBy(committed, write)).toEqual(reads);
  });
});
