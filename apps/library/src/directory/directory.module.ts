import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { Directory } from './directory';
import { DirectoryConsumer } from './directory.consumer';
import { DirectoryEvents } from './directory-events';
import { DirectoryQueries, MemberDepartures } from './directory.port';
import { MemberDepartureListeners } from './member-departures';

/** The library's copy of other services' members, groups and churches, fed by their events. */
@Module({
  controllers: [DirectoryConsumer],
  providers: [
    Directory,
    DirectoryEvents,
    MemberDepartureListeners,
    portProvider(DirectoryQueries, Directory),
    portProvider(MemberDepartures, MemberDepartureListeners),
  ],
  exports: [DirectoryQueries, MemberDepartures],
})
export class DirectoryModule {}
