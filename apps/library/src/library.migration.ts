import { Injectable } from '@nestjs/common';
import { OneTimeMigration } from '@abide/platform';
import { fillMemberGroups, MEMBER_GROUPS_MARKER } from './directory/member-groups.migration';

/** The library's one-time data steps, each behind its marker in `library_migrations`, in the order they run. */
@Injectable()
export class LibraryMigrations extends OneTimeMigration {
  constructor() {
    super('library_migrations');
  }

  protected steps() {
    return { [MEMBER_GROUPS_MARKER]: () => fillMemberGroups(this.connection, this.logger) };
  }
}
