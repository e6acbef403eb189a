import { readFileSync } from 'node:fs';
import { CACHE_TAGS_EXTENSION, type CacheTag } from '@abide/contracts';
import { snapshotPath } from './paths';
import { churchesDetailResponse } from '../../apps/web/src/shared/api/generated/endpoints/churches';
import { plansCurrentResponse } from '../../apps/web/src/shared/api/generated/endpoints/plans';
import { withNamedSchemas } from './named-schemas';
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
      'z.object({ id: z.string(), status: z.enum(["due","done"]), note: z.optional(z.nullable(z.string())), ' +
        '"week-day": z.optional(z.array(z.number())), counts: z.optional(z.record(z.string(), z.number())) })',
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

describe('the generated modules (apps/web/src/shared/api/generated)', () => {
  const modules = renderEndpointModules(withNamedSchemas(committed));

  it('declare each schema once: in the one module that uses it, or in schemas.ts when several do', () => {
    const declared = Object.entries(modules).flatMap(([file, source]) =>
      [...source.matchAll(/^(?:export )?const (\w+Schema) = /gm)].map((match) => `${match[1]} in ${file}`),
    );
    const names = declared.map((entry) => entry.split(' ')[0]);
    expect(names.length).toBeGreaterThan(50);
    expect(declared.filter((entry, index) => names.indexOf(entry.split(' ')[0]) !== index)).toEqual([]);
    expect(modules['schemas.ts']).toContain('export const UserDtoSchema = z.object({');
    expect(modules['endpoints/auth.ts']).toContain("import { UserDtoSchema } from '../schemas';");
  });

  it('write an answer that adds fields to another as that one extended', () => {
    expect(modules['endpoints/churches.ts']).toMatch(
      /const ChurchDetailDtoSchema = z\.extend\(ChurchSummaryDtoSchema, \{ welcome: z\.string\(\), /,
    );
  });
});

describe('the committed checks of the answers', () => {
  // The constants the web app checks its answers with, as strict as before their shapes were named once.
  const church = { id: 'c1', slug: 'grace', name: 'Grace', primaryColor: '#123456', logoUrl: null, memberCount: 3, myRole: 'admin' };
  const detail = { ...church, welcome: 'Hi', timeZone: 'Europe/Paris', joinCode: null, pendingRequests: 0 };

  it('accept an answer of the documented shape', () => {
    expect(churchesDetailResponse.safeParse(detail).success).toBe(true);
  });

  it.each([
    ['a field of the shared part missing', { ...detail, slug: undefined }],
    ['a field of the added part missing', { ...detail, timeZone: undefined }],
    ['a value outside its enum', { ...detail, myRole: 'owner' }],
    ['null where none is allowed', { ...detail, name: null }],
  ])('refuse an answer with %s', (_case, answer) => {
    expect(churchesDetailResponse.safeParse(answer).success).toBe(false);
  });

  it('refuse a plan whose nested activity lost a field (a shape named once, checked where it stands)', () => {
    const activity = { id: 'a', name: 'Pray', description: 'Ten minutes', completed: false };
    const plan = {
      id: 'p',
      weekStart: '2026-11-30',
      createdAt: '2026-11-30T00:00:00.000Z',
      source: 'built-in',
      curriculum: null,
      planData: {
        theme: 't',
        description: 'd',
        scriptures: [],
        dailyActivities: [{ day: 'Monday', dayIndex: 0, date: '2026-11-30', activities: [activity] }],
      },
      regenerationUndo: null,
    };
    expect(plansCurrentResponse.safeParse(plan).success).toBe(true);
    const broken = {
      ...plan,
      planData: {
        ...plan.planData,
        dailyActivities: [{ ...plan.planData.dailyActivities[0], activities: [{ ...activity, completed: 'no' }] }],
      },
    };
    expect(plansCurrentResponse.safeParse(broken).success).toBe(false);
  });
});
