import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { RequireAuth, RequireOnboarding, LoadingScreen } from '../features/auth';
import { HomePage } from '../features/home/pages/HomePage';
import { antdShell, signedInFrame } from './frame/app-modules';
import { AppShell } from './AppShell';
import { FrameLayout } from './frame/FrameLayout';

/**
 * Login, the e-mail link landing and onboarding render without the frame; app pages need a
 * session; every app page waits for onboarding. The Review Queue checks the moderator role itself
 * (and the library service checks it again on every call); Operations checks the admin role the same way.
 * Only the landing page is in the first download: every other page loads on its first visit (route `lazy`), together
 * with antd's theme and, for a member's page, the signed-in frame, so it renders
 * whole. On a reload the router starts
 * loading the page's code at once, beside the session check.
 */
type PageModule<K extends string> = Record<K, ComponentType>;

/** A page (with antd, in antd's theme) whose module loads on the first visit. */
const page =
  <K extends string>(load: () => Promise<PageModule<K>>, name: K, wrap?: (Page: ComponentType) => ComponentType) =>
  async () => {
    const [module, { AntdShell }] = await Promise.all([load(), antdShell.load()]);
    const Page = wrap ? wrap(module[name]) : module[name];
    return {
      Component: function AntdPage() {
        return (
          <AntdShell>
            <Page />
          </AntdShell>
        );
      },
    };
  };

/** A member's page: also in the signed-in frame. */
const memberPage =
  <K extends string>(load: () => Promise<PageModule<K>>, name: K) =>
  async () => {
    const [route] = await Promise.all([page(load, name)(), signedInFrame.load()]);
    return route;
  };

const withRequireAuth = (Page: ComponentType) =>
  function Guarded() {
    return (
      <RequireAuth>
        <Page />
      </RequireAuth>
    );
  };

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: '/login', lazy: page(() => import('../features/auth/pages/LoginPage'), 'LoginPage') },
      { path: '/auth/callback', lazy: page(() => import('../features/auth/pages/AuthCallbackPage'), 'AuthCallbackPage') },
      // A church's invitation to a new person (docs/member-imports.md): the token is in the fragment.
      { path: '/invitation', lazy: page(() => import('../features/member-imports/pages/InvitationPage'), 'InvitationPage') },
      { path: '/onboarding', lazy: page(() => import('../features/onboarding/pages/OnboardingPage'), 'OnboardingPage', withRequireAuth) },
      {
        element: <FrameLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          // A church's public page: signed in or not (docs/churches.md).
          { path: '/c/:slug', lazy: page(() => import('../features/churches/pages/ChurchPortalPage'), 'ChurchPortalPage') },
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              { path: '/settings', lazy: memberPage(() => import('../features/settings/pages/SettingsPage'), 'SettingsPage') },
              {
                path: '/invitations/:invitationId',
                lazy: memberPage(() => import('../features/member-imports/pages/InvitationPage'), 'JoinInvitationPage'),
              },
              {
                element: (
                  <RequireOnboarding>
                    <Outlet />
                  </RequireOnboarding>
                ),
                children: [
                  { path: '/plan', lazy: memberPage(() => import('../features/plan/pages/MyPlanPage'), 'MyPlanPage') },
                  { path: '/habits', lazy: memberPage(() => import('../features/habits/pages/HabitsPage'), 'HabitsPage') },
                  { path: '/journal', lazy: memberPage(() => import('../features/journal/pages/JournalPage'), 'JournalPage') },
                  { path: '/library', lazy: memberPage(() => import('../features/library/pages/LibraryPage'), 'LibraryPage') },
                  { path: '/upload', lazy: memberPage(() => import('../features/library/pages/UploadPage'), 'UploadPage') },
                  { path: '/my-uploads', lazy: memberPage(() => import('../features/library/pages/MyUploadsPage'), 'MyUploadsPage') },
                  {
                    path: '/moderation',
                    lazy: memberPage(() => import('../features/moderation/pages/ReviewQueuePage'), 'ReviewQueuePage'),
                  },
                  { path: '/ops', lazy: memberPage(() => import('../features/ops/pages/OpsPage'), 'OpsPage') },
                  { path: '/churches', lazy: memberPage(() => import('../features/churches/pages/ChurchesPage'), 'ChurchesPage') },
                  {
                    path: '/churches/:churchId/import',
                    lazy: memberPage(() => import('../features/member-imports/pages/MemberImportPage'), 'MemberImportPage'),
                  },
                  {
                    path: '/churches/:churchId/settings',
                    lazy: memberPage(() => import('../features/churches/pages/ChurchSettingsPage'), 'ChurchSettingsPage'),
                  },
                  {
                    path: '/churches/:churchId/dashboard',
                    lazy: memberPage(() => import('../features/churches/pages/ChurchDashboardPage'), 'ChurchDashboardPage'),
                  },
                  {
                    path: '/churches/:churchId/curricula',
                    lazy: memberPage(() => import('../features/curricula/pages/CurriculaPage'), 'CurriculaPage'),
                  },
                  {
                    path: '/curricula/:curriculumId',
                    lazy: memberPage(() => import('../features/curricula/pages/CurriculumEditorPage'), 'CurriculumEditorPage'),
                  },
                  { path: '/groups', lazy: memberPage(() => import('../features/groups/pages/GroupsPage'), 'GroupsPage') },
                  { path: '/groups/:groupId', lazy: memberPage(() => import('../features/groups/pages/GroupPage'), 'GroupPage') },
                  {
                    path: '/groups/:groupId/dashboard',
                    lazy: memberPage(() => import('../features/groups/pages/GroupDashboardPage'), 'GroupDashboardPage'),
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: page(() => import('../features/not-found/pages/NotFoundPage'), 'NotFoundPage') },
        ],
      },
    ],
  },
]);
