import { useAuth } from '../../features/auth/hooks/useAuth';
import { PublicFrame } from './PublicFrame';
import { SignedInFrame } from './SignedInFrame';

/** Public pages (home, 404) sit in whichever frame fits the visitor. */
export function FrameLayout() {
  const { session } = useAuth();
  return session ? <SignedInFrame /> : <PublicFrame />;
}
