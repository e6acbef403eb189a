import { App, Card, Switch } from 'antd';
import { toastSaved, toastSaveFailed } from '../settings-toasts';
import { useSettingsUpdateMutation, type AccountSettings } from '../settingsApi';

export function PrivacySection({ settings }: { settings: AccountSettings }) {
  const [update, { isLoading }] = useSettingsUpdateMutation();
  const { notification } = App.useApp();

  const onChange = async (shareProgressWithGroups: boolean) => {
    const result = await update({ shareProgressWithGroups });
    if (result.error) return toastSaveFailed(notification);
    toastSaved(notification, shareProgressWithGroups ? 'Your groups can now see your progress.' : 'Your progress is now private.');
  };

  return (
    <Card title={<h2 className="card-heading">Privacy</h2>} variant="borderless" className="settings-card">
      <div className="setting-row">
        <div>
          <label htmlFor="share-progress" className="setting-row__label">
            Share my progress with my groups
          </label>
          <p className="setting-row__help" id="share-progress-help">
            Group leaders and members see your streaks and completed activities, never your journal.
          </p>
        </div>
        <Switch
          id="share-progress"
          aria-describedby="share-progress-help"
          checked={settings.shareProgressWithGroups}
          loading={isLoading}
          onChange={(checked) => void onChange(checked)}
        />
      </div>
    </Card>
  );
}
