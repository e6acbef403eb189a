import type { App } from 'antd';

type Notify = ReturnType<typeof App.useApp>['notification'];

export const toastSaved = (notification: Notify, what = 'Your changes have been saved.') =>
  notification.success({ title: 'Settings saved', description: what });

export const toastSaveFailed = (notification: Notify) =>
  notification.error({ title: 'Could not save settings', description: 'Please try again.' });
