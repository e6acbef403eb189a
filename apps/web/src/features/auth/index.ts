/** What the app and other features may use of auth: the session provider and guards, who is signed in, the auth API's error words. */
export { AuthProvider } from './AuthProvider';
export { LoadingScreen } from './LoadingScreen';
export { RequireAuth, RequireOnboarding } from './RequireAuth';
export { asApiError, fieldErrorsOf, isRateLimited, rateLimitText } from './auth-errors';
export { profileNameFor } from './profile-name';
export { useAuth } from './useAuth';
