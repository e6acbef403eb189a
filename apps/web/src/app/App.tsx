import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import type { AppStore } from './store';
import { router } from './router';
import { theme } from './theme';

/** Spec §9: at most one toast at a time, shown for 5 s. */
const TOAST_SECONDS = 5;

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <AntApp
          className="app-root"
          message={{ maxCount: 1, duration: TOAST_SECONDS }}
          notification={{ maxCount: 1, duration: TOAST_SECONDS, placement: 'topRight', top: 72 }}
        >
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
