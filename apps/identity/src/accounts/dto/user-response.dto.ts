import type { User } from '@abide/contracts';
import type { UserView } from '../projections/user.schema';

export const toUserResponse = (view: UserView): User => ({
  id: view._id,
  email: view.email,
  name: view.name,
  roles: view.roles,
  onboardingCompleted: view.onboardingCompleted,
  createdAt: view.createdAt.toISOString(),
});
