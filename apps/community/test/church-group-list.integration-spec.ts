import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorCodes } from '@abide/contracts';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { ChurchCommands } from '../src/churches/commands/church.commands';
import { ChurchQueries } from '../src/churches/church.queries';
import { GroupCommands } from '../src/groups/commands/group.commands';
import { startCommunity } from './community-app.stub';

const clock = { now: new Date('2026-11-02T15:00:00Z') };
const meta = { correlationId: 'test' };
let app: NestFastifyApplication;
let churches: ChurchCommands;
let groups: GroupCommands;
let queries: ChurchQueries;

const group = (ownerId: string, name: string, isPublic: boolean, churchId?: string) =>
  groups.create(ownerId, { name, description: '', isPublic, meeting: null, ...(churchId ? { churchId } : {}) }, meta);

beforeAll(async () => {
  // One pastor owns every group here: the free plan's one-group limit is not what this spec is about.
  app = await startCommunity(clock, { GROUP_OWNERSHIP_LIMIT: '10' });
  churches = app.get(ChurchCommands);
  groups = app.get(GroupCommands);
  queries = app.get(ChurchQueries);
});
afterAll(async () => {
  await app.get<Connection>(MONGO_CONNECTION).dropDatabase();
  await app.close();
});

describe('a church’s groups for its admins (what member imports match rows against)', () => {
  it('lists the church’s own groups by name, private ones included, following renames, attaching and detaching', async () => {
    const [pastor, member, outsider] = [uuidv7(), uuidv7(), uuidv7()];
    const churchId = await churches.create(
      pastor,
      { name: 'Grace Chapel', slug: `grace-${uuidv7().slice(-8)}`, primaryColor: '#1e3a8a', welcome: '', timeZone: 'Europe/London' },
      meta,
    );
    await churches.joinByCode(member, (await churches.load(churchId)).joinCode, meta);
    const elders = await group(pastor, 'Elders', false, churchId);
    const youth = await group(pastor, 'Youth', true, churchId);
    const outside = await group(pastor, 'Outside', true);

    expect((await queries.groupList(pastor, churchId)).items).toEqual([
      { id: elders, name: 'Elders', isPublic: false },
      { id: youth, name: 'Youth', isPublic: true },
    ]);

    await groups.update(pastor, youth, { name: 'Youth Night', isPublic: false }, meta);
    await groups.attach(pastor, outside, churchId, meta);
    await groups.detach(pastor, elders, meta);

    expect((await queries.groupList(pastor, churchId)).items).toEqual([
      { id: outside, name: 'Outside', isPublic: true },
      { id: youth, name: 'Youth Night', isPublic: false },
    ]);
    for (const who of [member, outsider]) await expect(queries.groupList(who, churchId)).rejects.toMatchObject({ code: errorCodes.forbidden });
    await expect(queries.groupList(pastor, uuidv7())).rejects.toMatchObject({ code: errorCodes.notFound });
  });
});
