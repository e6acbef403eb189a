import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from './useAuth';

/** App pages need a session; without one the visitor signs in first and then comes back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** Pages of the formation journey wait until onboarding is complete (/plan sends new members to /onboarding). */
export function RequireOnboarding({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user && !user.onboardingCompleted) return <Navigate to="/onboarding" replace />;
  return children;
}
