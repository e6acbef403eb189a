import { Injectable, Logger } from '@nestjs/common';
import { churchMessages } from '@abide/contracts';
import { type AppendMeta, CommandHandler, CommandRunner } from '@abide/event-store';
import { DomainError, isTransientError } from '@abide/platform';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { v7 as uuidv7 } from 'uuid';
import { DirectoryQueries } from '../directory/directory.port';
import { ObjectStorage } from '../files/files.port';
import { checkLogo } from './logo-file';
import { readLogoPart } from './logo-intake';
import { type LogoCommand, logoDecider, logoKey, type LogoState } from './logo.decider';
import { LogoProjection } from './logo.projection';

const logoStream = (churchId: string) => `logo-${churchId}`;

/** Churches' logos: checked and kept by the library, changed by the church's admins, served publicly by a stable URL. */
@Injectable()
export class LogoService {
  private readonly logger = new Logger(LogoService.name);
  private readonly churchLogos: CommandHandler<LogoCommand, LogoState>;

  constructor(
    runner: CommandRunner,
    private readonly directory: DirectoryQueries,
    private readonly objects: ObjectStorage,
    private readonly logos: LogoProjection,
  ) {
    this.churchLogos = new CommandHandler(runner, logoDecider, { streamOf: (command) => logoStream(command.churchId) });
  }

  /** The church's admins only, as the library learned them from community's events. */
  private async assertAdmin(churchId: string, userId: string): Promise<void> {
    if ((await this.directory.churchesOf(userId)).get(churchId) !== 'admin') throw DomainError.forbidden(churchMessages.adminsOnly);
  }

  /** Checks and stores the new logo, then records it; the previous file goes once the new one is recorded. */
  async replace(churchId: string, userId: string, request: IncomingMessage, meta: AppendMeta): Promise<string> {
    await this.assertAdmin(churchId, userId);
    const { type, body } = await checkLogo(await readLogoPart(request));
    const logoId = uuidv7();
    try {
      await this.objects.put('store', logoKey(churchId, logoId), Readable.from([body]), body.length);
    } catch (error) {
      if (isTransientError(error))
        throw DomainError.unavailable('File storage is briefly unavailable, so the logo was not kept. Please try again in a minute.', 30);
      throw error;
    }
    let previous: string | null;
    try {
      const { before } = await this.churchLogos.handle(
        { type: 'ReplaceLogo', churchId, logoId, contentType: type, bytes: body.length, by: userId },
        meta,
      );
      previous = before.logoId;
    } catch (error) {
      await this.objects.remove('store', logoKey(churchId, logoId)).catch(() => undefined);
      throw error;
    }
    if (previous) await this.forgetFile(churchId, previous);
    return logoId;
  }

  async remove(churchId: string, userId: string, meta: AppendMeta): Promise<void> {
    await this.assertAdmin(churchId, userId);
    const { events } = await this.churchLogos.handle({ type: 'RemoveLogo', churchId, by: userId }, meta);
    for (const event of events) if (event.type === 'library.logo.removed') await this.forgetFile(churchId, event.data.logoId);
  }

  /** The current logo's bytes and type; an earlier logo's URL answers 404 (its file is gone). */
  async read(churchId: string, logoId: string): Promise<{ contentType: string; body: Readable }> {
    const view = await this.logos.find(churchId);
    if (!view?.logoId || view.logoId !== logoId || !view.contentType) throw DomainError.notFound('This logo');
    return { contentType: view.contentType, body: await this.objects.stream('store', logoKey(churchId, logoId)) };
  }

  private async forgetFile(churchId: string, logoId: string): Promise<void> {
    await this.objects
      .remove('store', logoKey(churchId, logoId))
      .catch((error: unknown) => this.logger.warn({ err: error, churchId, logoId }, 'could not remove a replaced logo file'));
  }
}
