import { runOnceBehindMarker } from '@abide/platform';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/testing/src/test-engines';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { type ChurchLogo, ChurchLogos } from '../src/churches/projections/church-logos';
import { fillChurchLogos } from '../src/churches/projections/church-logos.migration';

// The one-time move of churches' logos from plain documents into the compare-and-set read model.
describe(fillChurchLogos.name, () => {
  const dbName = uniqueName('community_church_logos');
  let connections: Connection[];
  /** Where logos were kept before compare-and-set, one plain document per church. */
  const legacy = () => connections[0].collection<{ _id: string } & ChurchLogo>('church_logos');

  /**
   * One replica's read model on its own connection, and the step as community's migrations run it at start: behind its
   * marker, named as the release before named it (a database already past the move never runs it again).
   */
  const replica = (connection: Connection) => {
    const logos = new ChurchLogos(connection);
    const start = () =>
      runOnceBehindMarker(connection, 'community_migrations', 'church-logos-documents', () => fillChurchLogos(connection, logos));
    return { logos, start };
  };

  beforeAll(async () => {
    connections = await Promise.all([1, 2].map(() => connectTestDatabase(dbName)));
  });
  afterAll(async () => {
    await connections[1].close();
    await dropTestDatabase(connections[0]);
  });

  it('moves each old logo once across two replicas starting at once, and never over a later one a replica already learned', async () => {
    const [kept, removed, newer] = [uuidv7(), uuidv7(), uuidv7()];
    await legacy().insertMany([
      { _id: kept, logoId: 'logo-a', version: 2 },
      { _id: removed, logoId: null, version: 3 },
      { _id: newer, logoId: 'logo-old', version: 1 },
    ]);
    const [a, b] = connections.map(replica);
    // An event handled before the move, later than the old document: it must stay.
    await a.logos.set(newer, 4, 'logo-new');

    await Promise.all([a.start(), b.start()]);

    expect(await b.logos.urlOf(kept)).toBe(`/api/logos/${kept}/logo-a`);
    expect(await b.logos.urlOf(removed)).toBeNull();
    expect(await b.logos.urlOf(newer)).toBe(`/api/logos/${newer}/logo-new`);
    // Marked done: an old document written afterwards is not read again.
    await legacy().updateOne({ _id: kept }, { $set: { logoId: 'logo-z', version: 9 } });
    await a.start();
    expect(await a.logos.urlOf(kept)).toBe(`/api/logos/${kept}/logo-a`);
  });
});
