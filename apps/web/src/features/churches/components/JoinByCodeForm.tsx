import { churchMessages, isJoinCode, normaliseJoinCode } from '@abide/contracts';
import { Button, Form, Input } from 'antd';

/** "Have a join code?": the code as people read it out (case, spaces and the hyphen do not matter). */
export function JoinByCodeForm({ onJoin, busy }: { onJoin: (code: string) => Promise<void> | void; busy: boolean }) {
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Form
      form={form}
      name="join-church"
      layout="inline"
      className="join-code-form"
      onFinish={(values) => void onJoin(values.code)}
    >
      <Form.Item
        label="Join code"
        name="code"
        rules={[
          { required: true, message: churchMessages.codeInvalid },
          { validator: async (_r, value: string) => { if (value && !isJoinCode(normaliseJoinCode(value))) throw new Error(churchMessages.codeInvalid); } },
        ]}
      >
        <Input placeholder="ABCD-EFGH" autoCapitalize="characters" spellCheck={false} maxLength={12} />
      </Form.Item>
      <Button htmlType="submit" loading={busy}>
        Join with code
      </Button>
    </Form>
  );
}
