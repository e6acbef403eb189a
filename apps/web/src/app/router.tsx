import { createBrowserRouter, Outlet } from 'react-router-dom';
import { RequireAuth, RequireOnboarding } from '../features/auth/components/RequireAuth';
import { AuthCallbackPage } from '../features/auth/pages/AuthCallbackPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { GroupDashboardPage } from '../features/groups/pages/GroupDashboardPage';
import { GroupPage } from '../features/groups/pages/GroupPage';
import { GroupsPage } from '../features/groups/pages/GroupsPage';
import { HabitsPage } from '../features/habits/pages/HabitsPage';
import { HomePage } from '../features/home/pages/HomePage';
import { JournalPage } from '../features/journal/pages/JournalPage';
import { LibraryPage } from '../features/library/pages/LibraryPage';
import { MyUploadsPage } from '../features/library/pages/MyUploadsPage';
import { UploadPage } from '../features/library/pages/UploadPage';
import { ReviewQueuePage } from '../features/moderation/pages/ReviewQueuePage';
import { NotFoundPage } from '../features/not-found/pages/NotFoundPage';
import { OnboardingPage } from '../features/onboarding/pages/OnboardingPage';
import { MyPlanPage } from '../features/plan/pages/MyPlanPage';
import { SettingsPage } from '../features/settings/pages/SettingsPage';
import { FrameLayout } from './frame/FrameLayout';

/**
 * Spec §2. Login, the e-mail link landing and onboarding render without the frame; app pages need a
 * session; every app page waits for onboarding. The Review Queue checks the moderator role itself
 * (and the library service checks it again on every call).
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
              { path: '/library', element: <LibraryPage /> },
              { path: '/upload', element: <UploadPage /> },
              { path: '/my-uploads', element: <MyUploadsPage /> },
              { path: '/moderation', element: <ReviewQueuePage /> },
              { path: '/groups', element: <GroupsPage /> },
              { path: '/groups/:groupId', element: <GroupPage /> },
              { path: '/groups/:groupId/dashboard', element: <GroupDashboardPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
