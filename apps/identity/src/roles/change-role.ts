import { Injectable } from '@nestjs/common';
import { type Role, roles } from '@abide/contracts';
import { Accounts, UserCommands } from '../accounts/accounts.port';

export interface RoleChange {
  action: 'grant' | 'revoke';
  role: Role;
  email: string;
  by: string;
}

export const parseRoleChange = (args: string[], by: string): RoleChange => {
  const [action, role, email] = args;
  if ((action !== 'grant' && action !== 'revoke') || !roles.includes(role as Role) || !email?.includes('@')) {
    throw new Error(`usage: roles grant|revoke ${roles.join('|')} <email>`);
  }
  return { action, role: role as Role, email: email.trim().toLowerCase(), by };
};

/** Grants or revokes a role; it reaches the user's token at their next refresh (tokens carry roles). */
@Injectable()
export class ChangeRole {
  constructor(
    private readonly users: UserCommands,
    private readonly views: Accounts,
  ) {}

  async execute(change: RoleChange): Promise<string[]> {
    const user = await this.views.findByEmail(change.email);
    if (!user) throw new Error(`No account with the e-mail ${change.email}`);
    await this.users.handle(
      {
        type: 'ChangeRoles',
        userId: user._id,
        ...(change.action === 'grant' ? { grant: change.role } : { revoke: change.role }),
        by: change.by,
      },
      { correlationId: `roles-cli-${Date.now()}` },
    );
    return (await this.views.findById(user._id))?.roles ?? [];
  }
}
