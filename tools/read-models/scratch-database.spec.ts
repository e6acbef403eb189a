import { isLogCollection } from './scratch-database';

describe('what a rebuild copies from the live database', () => {
  it('copies the log and the inputs fed from outside it (other services’ people), never a read model it rebuilds', () => {
    for (const name of ['events', 'streams', 'projection_builds', 'identity_migrations', 'library_resource_texts', 'member_people'])
      expect([name, isLogCollection(name)]).toEqual([name, true]);
    for (const name of ['church_sharing_v2', 'member_activity', 'habit_boards_ordered', 'member_people_view'])
      expect([name, isLogCollection(name)]).toEqual([name, false]);
  });
});
