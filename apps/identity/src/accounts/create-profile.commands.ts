import { Injectable } from '@nestjs/common';
import type { User } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { toUserResponse } from './dto/user-response.dto';
import { UserProjection } from './projections/user.projection';
import { UserStream } from './user-stream.commands';

/** POST /auth/create-profile: idempotent; records `identity.user.profile-updated` only when the name changes. */
@Injectable()
export class CreateProfileHandler {
  constructor(
    private readonly stream: UserStream,
    private readonly users: UserProjection,
  ) {}

  async execute(userId: string, name: string, correlationId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw DomainError.notFound('Your profile');
    if (user.name === name) return toUserResponse(user);
    await this.stream.handle({ type: 'RenameUser', userId, name }, { correlationId });
    return toUserResponse((await this.users.findById(userId)) ?? { ...user, name });
  }
}
