import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { RequireAuth, RequireOnboarding } from '../features/auth/components/RequireAuth';
import { AuthCallbackPage } from '../features/auth/pages/AuthCallbackPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { HomePage } from '../features/home/pages/HomePage';
import { NotFoundPage } from '../features/not-found/pages/NotFoundPage';
import { OnboardingPage } from '../features/onboarding/pages/OnboardingPage';
import { MyPlanPage } from '../features/plan/pages/MyPlanPage';
import { FrameLayout } from './frame/FrameLayout';

/**
 * Spec §2. Login, the e-mail link landing and onboarding render without the frame; app pages need a
 * session; every app page waits for onboarding. The Review Queue checks the moderator role itself
 * (and the library service checks it again on every call).
 * Pages past My Plan load on first visit (route `lazy`), so the first screen does not wait for their code
 * and the parts of antd only they use.
 */
/** A route page whose module loads on the first visit. */
const lazyPage =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

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
          { path: '/settings', lazy: lazyPage(() => import('../features/settings/pages/SettingsPage'), 'SettingsPage') },
          {
            element: (
              <RequireOnboarding>
                <Outlet />
              </RequireOnboarding>
            ),
            children: [
              { path: '/plan', element: <MyPlanPage /> },
              { path: '/habits', lazy: lazyPage(() => import('../features/habits/pages/HabitsPage'), 'HabitsPage') },
              { path: '/journal', lazy: lazyPage(() => import('../features/journal/pages/JournalPage'), 'JournalPage') },
              { path: '/library', lazy: lazyPage(() => import('../features/library/pages/LibraryPage'), 'LibraryPage') },
              { path: '/upload', lazy: lazyPage(() => import('../features/library/pages/UploadPage'), 'UploadPage') },
              { path: '/my-uploads', lazy: lazyPage(() => import('../features/library/pages/MyUploadsPage'), 'MyUploadsPage') },
              { path: '/moderation', lazy: lazyPage(() => import('../features/moderation/pages/ReviewQueuePage'), 'ReviewQueuePage') },
              { path: '/groups', lazy: lazyPage(() => import('../features/groups/pages/GroupsPage'), 'GroupsPage') },
              { path: '/groups/:groupId', lazy: lazyPage(() => import('../features/groups/pages/GroupPage'), 'GroupPage') },
              {
                path: '/groups/:groupId/dashboard',
                lazy: lazyPage(() => import('../features/groups/pages/GroupDashboardPage'), 'GroupDashboardPage'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
