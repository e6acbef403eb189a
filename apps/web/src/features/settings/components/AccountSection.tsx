import { DeleteOutlined, DownloadOutlined, LogoutOutlined } from '@ant-design/icons';
import { deleteAccountRequestSchema } from '@abide/contracts';
import { App, Button, Card, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { httpStatusOf } from '../../../shared/api/problem-details';
import { saveFile } from '../../../shared/save-file';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useAuth } from '../../auth';
import { useAccountDeletionDeleteMutation, useLazyAccountExportExportQuery } from '../settingsApi';
import { confirmSignOut } from '../../../shared/offline/confirm-sign-out';
import { usePendingCount } from '../../../shared/offline/write-queue-hooks';

/** Your data and your account: export, sign out everywhere, delete. */
export function AccountSection() {
  const [exportData, { isFetching: exporting }] = useLazyAccountExportExportQuery();
  const [deleteAccount, { isLoading: deleting }] = useAccountDeletionDeleteMutation();
  const { logout, clearSession } = useAuth();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const unsent = usePendingCount();
  const [form] = Form.useForm<{ password: string }>();

  const download = async () => {
    const result = await exportData();
    if (result.error || !result.data) {
      notification.error({ title: 'Download failed', description: 'Please try again.' });
      return;
    }
    saveFile(result.data.fileName, result.data.content);
    notification.success({ title: 'Your data is downloading', description: result.data.fileName });
  };

  const signOutEverywhere = async () => {
    if (!(await confirmSignOut(unsent))) return;
    setSigningOut(true);
    await logout('global');
    notification.success({ title: 'Signed out everywhere', description: 'Every device has been signed out.' });
    navigate('/login', { replace: true });
  };

  const confirmDelete = async ({ password }: { password: string }) => {
    const result = await deleteAccount({ password });
    if (result.error) {
      if (httpStatusOf(result.error) === 401 || httpStatusOf(result.error) === 403) {
        form.setFields([{ name: 'password', errors: ['That password is not correct'] }]);
      } else {
        notification.error({ title: 'Account not deleted', description: 'Please try again.' });
      }
      return;
    }
    setConfirmOpen(false);
    // Leave the guarded page first, so the guard does not send a deleted member to /login. The router
    // renders a navigation in a transition, which an urgent session change would overtake: render it
    // synchronously (flushSync) and forget the session only once the home page is on screen.
    await navigate('/', { replace: true, flushSync: true });
    clearSession();
    notification.success({ title: 'Your account has been deleted', description: 'Thank you for walking with us.' });
  };

  return (
    <Card title={<h2 className="card-heading">Your data and account</h2>} variant="borderless" className="settings-card">
      <div className="setting-row">
        <div>
          <span className="setting-row__label">Download my data</span>
          <p className="setting-row__help">A JSON file with everything Abide holds about you.</p>
        </div>
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void download()}>
          Download my data
        </Button>
      </div>
      <div className="setting-row">
        <div>
          <span className="setting-row__label">Sign out of all devices</span>
          <p className="setting-row__help">Ends every session, including this one.</p>
        </div>
        <Button icon={<LogoutOutlined aria-hidden />} loading={signingOut} onClick={() => void signOutEverywhere()}>
          Sign out of all devices
        </Button>
      </div>
      <div className="setting-row setting-row--danger">
        <div>
          <span className="setting-row__label">Delete my account</span>
          <p className="setting-row__help">Removes your plan, habits, journal, uploads and groups for good.</p>
        </div>
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setConfirmOpen(true)}>
          Delete my account
        </Button>
      </div>

      <Modal
        title="Delete your account?"
        open={confirmOpen}
        onCancel={() => setConfirmOpen(false)}
        okText="Delete my account"
        okButtonProps={{ danger: true, loading: deleting, htmlType: 'submit', form: 'delete-account' }}
        cancelText="Cancel"
        destroyOnHidden
      >
        <Typography.Paragraph>
          This cannot be undone. Everything you have written and saved will be deleted. Enter your password to confirm.
        </Typography.Paragraph>
        <Form
          form={form}
          id="delete-account"
          name="delete-account"
          layout="vertical"
          requiredMark={false}
          onFinish={confirmDelete}
          preserve={false}
        >
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Please enter your password' }, zodRule(deleteAccountRequestSchema.shape.password)]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
