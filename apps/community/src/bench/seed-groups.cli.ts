import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from '@abide/platform';
import { readFileSync, writeFileSync } from 'node:fs';
import { AppModule } from '../app.module';
import { communityEnvSchema } from '../config/env.schema';
import { GroupActions } from '../groups/groups.port';
import { MembershipChanges, MembershipRosters } from '../memberships/memberships.port';
import { seedingClock } from '@abide/testing/src/seeding-clock';

/**
 * The load suite's groups (tools/bench): each group is created by its owner and joined by its members through
 * community's own command classes, with the clock set to when it happened (the start of the seeded history), so
 * the groups have existed as long as their members' habits. A private group's members ask to join; the owner
 * approves most requests and leaves the rest waiting on the Leadership Dashboard.
 *
 *   node -r @swc-node/register apps/community/src/bench/seed-groups.cli.ts <input.json> <output.json>
 *   input:  { groups: [{ ownerId, name, description, isPublic, meeting, memberIds, createdAt }], concurrency }
 *   output: { groups: [{ groupId, ownerId, isPublic, members, pending }], timing, writes, seconds }
 */
interface GroupInput {
  ownerId: string;
  name: string;
  description: string;
  isPublic: boolean;
  meeting: {
    day: 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
    time: string;
    location: string;
  } | null;
  memberIds: string[];
  /** When the group was founded; members join over the following days. */
  createdAt: string;
}

const { clock, at: atTime, write, timing, writes } = seedingClock();

const main = async (): Promise<void> => {
  const [inputFile, outputFile] = process.argv.slice(2);
  if (!inputFile || !outputFile) throw new Error('usage: seed-groups.cli.ts <input.json> <output.json>');
  const input = JSON.parse(readFileSync(inputFile, 'utf8')) as { groups: GroupInput[]; concurrency?: number };
  const config = loadConfigOrExit('community bench seed', communityEnvSchema);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, clock), { logger: ['error', 'warn'] });
  const commands = app.get(GroupActions);
  const memberships = app.get(MembershipChanges);
  const queries = app.get(MembershipRosters);
  const started = Date.now();
  const results: Array<{ groupId: string; ownerId: string; isPublic: boolean; members: string[]; pending: string[] }> = [];

  const seedGroup = async (group: GroupInput, n: number): Promise<void> => {
    const founded = new Date(group.createdAt);
    const store = { at: founded };
    await atTime(store, async () => {
      const meta = { correlationId: `bench-seed-group-${n}` };
      const { ownerId, name, description, isPublic, meeting } = group;
      const groupId = await write('group.create', () => commands.create(ownerId, { name, description, isPublic, meeting }, meta));
      const members: string[] = [];
      for (const [i, userId] of group.memberIds.entries()) {
        store.at = new Date(founded.getTime() + (i + 1) * 3_600_000);
        const { status } = await write('group.join', () => commands.join(userId, groupId, meta));
        if (status === 'joined') members.push(userId);
      }
      const pending: string[] = [];
      if (!isPublic) {
        const requests = await queries.requests('group', ownerId, groupId);
        for (const [i, request] of requests.entries()) {
          // One request in five stays waiting for the leader.
          if (i % 5 === 4) {
            pending.push(request.userId);
            continue;
          }
          store.at = new Date(founded.getTime() + (group.memberIds.length + i + 1) * 3_600_000);
          await write('group.decide', () => memberships.decide('group', ownerId, groupId, request.id, true, meta));
          members.push(request.userId);
        }
      }
      results.push({ groupId, ownerId, isPublic, members, pending });
    });
  };

  const queue = input.groups.map((group, n) => ({ group, n }));
  await Promise.all(
    Array.from({ length: Math.max(1, input.concurrency ?? 4) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await seedGroup(next.group, next.n);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  writeFileSync(outputFile, JSON.stringify({ groups: results, timing, writes: writes(), seconds }, null, 2));
  await app.close();
};

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
