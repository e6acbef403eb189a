import { Module } from '@nestjs/common';
import { ObjectStore } from './object-store';
import { UploadIntake } from './upload-intake';
import { portProvider } from '@abide/platform';
import { ObjectStorage, UploadChecks } from './files.port';

/** Files in object storage (quarantine and store buckets) and the streaming checks every upload goes through. */
@Module({
  providers: [ObjectStore, UploadIntake, portProvider(ObjectStorage, ObjectStore), portProvider(UploadChecks, UploadIntake)],
  exports: [ObjectStorage, UploadChecks],
})
export class FilesModule {}
