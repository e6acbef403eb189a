import { VersionedDocuments } from '@abide/event-store';
import type { Connection } from 'mongoose';
import type { Person } from '../domain/person';

/**
 * Community's people (domain/person.ts), one versioned document per member (`member_people`, `_id` = the member),
 * written by compare-and-set. Projections built outside the application's providers (the roster) open it here too.
 */
export const peopleDocuments = (connection: Connection): VersionedDocuments<Person> =>
  new VersionedDocuments<Person>(connection, 'member_people');
