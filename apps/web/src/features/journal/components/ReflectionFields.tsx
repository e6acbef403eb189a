import { AudioOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Switch, Tooltip, type FormInstance } from 'antd';
import { useCallback } from 'react';
import { appendDictation, moodOptions, wordCount, type ReflectionFormValues } from '../journal-form';
import { useSpeechRecognition } from '../hooks/useSpeechRecognition';

/** The reflection's fields, shared by the new-entry form and the edit dialog. */
export function ReflectionFields({ form, formName }: { form: FormInstance<ReflectionFormValues>; formName: string }) {
  const content = Form.useWatch('content', form) as string | undefined;
  const words = wordCount(content);
  const onFinal = useCallback(
    (text: string) => form.setFieldValue('content', appendDictation(form.getFieldValue('content') as string | undefined, text)),
    [form],
  );
  const voice = useSpeechRecognition(onFinal);

  const voiceButton = (
    <Button
      size="small"
      type={voice.listening ? 'primary' : 'default'}
      icon={<AudioOutlined aria-hidden />}
      disabled={!voice.supported}
      aria-pressed={voice.listening}
      onClick={voice.listening ? voice.stop : voice.start}
    >
      {voice.listening ? 'Stop dictation' : 'Voice to text'}
    </Button>
  );

  return (
    <>
      <Form.Item
        label="Your reflection"
        name="content"
        className="reflection__content"
        extra={
          <span className="reflection__under">
            <span aria-live="polite">
              {words} {words === 1 ? 'word' : 'words'}
            </span>
            {voice.listening ? <span className="reflection__listening">Listening…</span> : null}
            {voice.error ? <span role="alert">{voice.error}</span> : null}
          </span>
        }
      >
        <Input.TextArea rows={7} maxLength={20_000} placeholder="Write freely. What is God showing you today?" />
      </Form.Item>
      <div className="reflection__voice">
        {voice.supported ? (
          voiceButton
        ) : (
          <Tooltip title="Voice to text needs speech recognition, which this browser doesn't offer. Try Chrome, Edge or Safari.">
            {/* A disabled button gets no pointer events; the wrapper keeps the tooltip reachable by mouse and keyboard. */}
            <span tabIndex={0} className="reflection__voice-wrap" aria-label="Voice to text is not available in this browser">
              {voiceButton}
            </span>
          </Tooltip>
        )}
      </div>
      <div className="reflection__row">
        <Form.Item label="Scripture reference" name="scriptureReference">
          <Input maxLength={80} placeholder="e.g. Psalm 23:1-3" />
        </Form.Item>
        <Form.Item label="Gratitude" name="gratitude">
          <Input maxLength={2_000} placeholder="Today I'm thankful for…" />
        </Form.Item>
      </div>
      <Form.Item label="Mood" name="mood">
        <Radio.Group className="mood-group" aria-label="Mood">
          {moodOptions.map((mood) => (
            <Radio.Button key={mood.value} value={mood.value} className="mood-group__option">
              {mood.label}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <div className="reflection__private">
        <LockOutlined aria-hidden />
        <label htmlFor={`${formName}_isPrivate`} className="reflection__private-label">
          Keep this reflection private
        </label>
        <Form.Item name="isPrivate" valuePropName="checked" noStyle>
          <Switch />
        </Form.Item>
      </div>
    </>
  );
}
