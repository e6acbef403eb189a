import { createBrowserRouter, Outlet } from 'react-router-dom';
import { RequireAuth, RequireOnboarding } from '../features/auth/components/RequireAuth';
import { AuthCallbackPage } from '../features/auth/pages/AuthCallbackPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { HabitsPage } from '../features/habits/pages/HabitsPage';
import { HomePage } from '../features/home/pages/HomePage';
import { JournalPage } from '../features/journal/pages/JournalPage';
import { NotFoundPage } from '../features/not-found/pages/NotFoundPage';
import { OnboardingPage } from '../features/onboarding/pages/OnboardingPage';
import { MyPlanPage } from '../features/plan/pages/MyPlanPage';
import { SettingsPage } from '../features/settings/pages/SettingsPage';
import { FrameLayout } from './frame/FrameLayout';

/**
 * Spec §2. Login, the e-mail link landing and onboarding render without the frame; app pages need a
 * session; the plan, habits and journal wait for onboarding. Library, upload, groups and moderation
 * arrive with their own issues and fall to 'Page Not Found' until then.
 */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  {
    path: '/onboarding',
    element: (
      <RequireAuth>
        <OnboardingPage />
      </RequireAuth>
    ),
  },
  {
    element: <FrameLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { path: '/settings', element: <SettingsPage /> },
          {
            element: (
              <RequireOnboarding>
                <Outlet />
              </RequireOnboarding>
            ),
            children: [
              { path: '/plan', element: <MyPlanPage /> },
              { path: '/habits', element: <HabitsPage /> },
              { path: '/journal', element: <JournalPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
