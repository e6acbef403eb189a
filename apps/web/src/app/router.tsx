import { createBrowserRouter } from 'react-router-dom';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { PlanPage } from '../features/formation/pages/PlanPage';
import { HomePage } from '../features/home/pages/HomePage';
import { NotFoundPage } from '../features/not-found/pages/NotFoundPage';
import { PublicLayout } from './layouts/PublicLayout';
import { SignedInLayout } from './layouts/SignedInLayout';

/** Spec §2. Login renders without a frame; signed-in pages sit behind the session guard. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <SignedInLayout />,
    children: [{ path: '/plan', element: <PlanPage /> }],
  },
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
