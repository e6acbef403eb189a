import { Module } from '@nestjs/common';
import { Directory } from './directory';
import { DirectoryConsumer } from './directory.consumer';
import { DirectoryEvents } from './directory-events';
import { DirectoryQueries } from './directory.queries';
import { MemberGroupsMigration } from './member-groups.migration';
import { MemberDepartures } from './member-departures';

/** The library's copy of other services' members, groups and churches, fed by their events. */
@Module({
  controllers: [DirectoryConsumer],
  providers: [Directory, { provide: DirectoryQueries, useExisting: Directory }, DirectoryEvents, MemberDepartures, MemberGroupsMigration],
  exports: [DirectoryQueries, MemberDepartures],
})
export class DirectoryModule {}
