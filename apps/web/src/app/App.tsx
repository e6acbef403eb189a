import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import type { AppStore } from '../shared/store/store';
import { router } from './router';

/** antd's theme and toasts come with the first page that uses antd (AppShell), never with the landing page. */
export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </Provider>
  );
}
