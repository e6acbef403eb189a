import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Space } from 'antd';
import { saveFile } from '../../../../shared/save-file';

/** The recovery codes, shown once (after turning it on or replacing them): to copy or download before leaving. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { notification } = App.useApp();
  const text = `Abide recovery codes (each works once, instead of a code from your app)\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notification.success({ title: 'Recovery codes copied' });
    } catch {
      notification.error({ title: 'Could not copy', description: 'Select the codes and copy them, or download them.' });
    }
  };

  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="two-factor__subheading">
        Your recovery codes
      </h3>
      <Alert
        type="warning"
        showIcon
        title="Save these codes now: they are shown only this once."
        description="If you lose your phone, each code lets you sign in one time instead of a code from your app. Keep them somewhere safe, away from your phone."
      />
      <ol className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => saveFile('abide-recovery-codes.txt', text, 'text/plain')}>
          Download codes
        </Button>
        <Button type="primary" onClick={onDone}>
          I have saved them
        </Button>
      </Space>
    </section>
  );
}
