import { Module } from '@nestjs/common';
import { ObjectStore } from './object-store';
import { UploadIntake } from './upload-intake';

/** Files in object storage (quarantine and store buckets) and the streaming checks every upload goes through. */
@Module({ providers: [ObjectStore, UploadIntake], exports: [ObjectStore, UploadIntake] })
export class FilesModule {}
