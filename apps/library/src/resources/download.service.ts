import { Inject, Injectable } from '@nestjs/common';
import type { DownloadLink } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/env.schema';
import { type Meta, ResourceCommands } from './commands/resource.commands';
import { contentDisposition, contentTypeOf, ObjectStorage } from '../files/files.port';
import { ResourceQueries } from './resource.queries';

export const NOT_READY_MESSAGE = 'This file is not ready to download yet.';

/**
 * Downloads are short-lived pre-signed GETs against the private store: the object store answers with
 * `Content-Disposition: attachment` (the sanitised name) and the type of the checked content. MinIO adds
 * `X-Content-Type-Options: nosniff` to its responses itself (checked by the e2e test), so browsers never sniff.
 */
@Injectable()
export class DownloadService {
  constructor(
    private readonly queries: ResourceQueries,
    private readonly commands: ResourceCommands,
    private readonly objects: ObjectStorage,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
  ) {}

  async link(callerId: string, resourceId: string, meta: Meta): Promise<DownloadLink> {
    const view = await this.queries.view(callerId, resourceId);
    if (!view.stored) throw DomainError.conflict(NOT_READY_MESSAGE);
    const link = await this.objects.presignDownload(
      view.storageKey,
      { fileName: view.fileName, contentType: contentTypeOf(view.fileType), disposition: contentDisposition('attachment', view.fileName) },
      this.config.DOWNLOAD_URL_TTL_SECONDS,
    );
    await this.commands.downloaded(callerId, resourceId, meta);
    return link;
  }
}
