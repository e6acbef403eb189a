import { CheckCircleOutlined, DeleteOutlined, EyeInvisibleOutlined, HeartOutlined } from '@ant-design/icons';
import { PRAYER_TEXT_MAX, TESTIMONY_MAX, postPrayerRequestSchema, type PrayerRequest } from '@abide/contracts';
import { App, Button, Empty, Form, Input, Modal, Popconfirm, Result, Skeleton, Switch, Tag } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../shared/forms/zod-rule';
import { failureDescription } from '../group-errors';
import { timeAgo } from '../group-format';
import { plural } from '../../../shared/figures-text';
import {
  usePrayersAnsweredMutation,
  usePrayersHideMutation,
  usePrayersListQuery,
  usePrayersPostMutation,
  usePrayersPrayedMutation,
  usePrayersRemoveMutation,
} from '../groupsApi';

interface PrayerFormValues {
  text: string;
  anonymous: boolean;
}

function PrayerForm({ groupId }: { groupId: string }) {
  const [form] = Form.useForm<PrayerFormValues>();
  const { notification } = App.useApp();
  const [post, { isLoading }] = usePrayersPostMutation();

  const onFinish = async (values: PrayerFormValues) => {
    const result = await post({ id: groupId, postPrayerDto: { text: values.text.trim(), anonymous: values.anonymous } });
    if (result.error) {
      notification.error({ title: 'Could not share your prayer request', description: failureDescription(result.error) });
      return;
    }
    notification.success({ title: 'Prayer request shared' });
    form.resetFields();
  };

  return (
    <Form<PrayerFormValues>
      form={form}
      name="prayer"
      layout="vertical"
      className="prayer-form"
      initialValues={{ text: '', anonymous: false }}
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item
        label="Share a prayer request"
        name="text"
        rules={[
          { required: true, whitespace: true, message: 'Please write your prayer request' },
          zodRule(postPrayerRequestSchema.shape.text),
        ]}
      >
        <Input.TextArea rows={3} maxLength={PRAYER_TEXT_MAX} placeholder="How can the group pray for you?" />
      </Form.Item>
      <div className="prayer-form__foot">
        <Form.Item name="anonymous" valuePropName="checked" noStyle>
          <Switch id="prayer-anonymous" />
        </Form.Item>
        <label htmlFor="prayer-anonymous" className="prayer-form__switch-label">
          Post anonymously (other members won&apos;t see your name)
        </label>
        <Button type="primary" htmlType="submit" loading={isLoading} className="prayer-form__submit">
          Share request
        </Button>
      </div>
    </Form>
  );
}

function PrayerItem({ prayer, isLeader }: { prayer: PrayerRequest; isLeader: boolean }) {
  const { notification } = App.useApp();
  const [prayed, prayedState] = usePrayersPrayedMutation();
  const [answered, answeredState] = usePrayersAnsweredMutation();
  const [hide, hideState] = usePrayersHideMutation();
  const acting = prayedState.isLoading || answeredState.isLoading || hideState.isLoading;
  const [remove, { isLoading: removing }] = usePrayersRemoveMutation();
  const [answering, setAnswering] = useState(false);
  const [testimony, setTestimony] = useState('');
  const ids = { id: prayer.groupId, prayerId: prayer.id };
  const author = prayer.authorName ?? 'Anonymous';

  const run = async (action: 'prayed' | 'answered' | 'hide', failure: string, extra: { testimony?: string } = {}) => {
    const result = await (action === 'prayed'
      ? prayed(ids)
      : action === 'hide'
        ? hide(ids)
        : answered({ ...ids, answerPrayerDto: { testimony: extra.testimony ?? '' } }));
    if (result.error) notification.error({ title: failure, description: failureDescription(result.error) });
    return !result.error;
  };

  const onDelete = async () => {
    const result = await remove(ids);
    if (result.error) notification.error({ title: 'Could not delete the prayer request', description: failureDescription(result.error) });
  };

  return (
    <li className={`prayer${prayer.answered ? ' prayer--answered' : ''}`} aria-label={`Prayer request by ${author}`}>
      <div className="prayer__head">
        <span className="prayer__author">
          {author}
          {prayer.isAuthor && prayer.anonymous ? <span className="muted"> (you, shown as Anonymous to others)</span> : null}
        </span>
        <span className="muted prayer__when">{timeAgo(prayer.createdAt)}</span>
        {prayer.answered ? (
          <Tag color="green" icon={<CheckCircleOutlined aria-hidden />}>
            Answered
          </Tag>
        ) : null}
        {prayer.hidden ? <Tag icon={<EyeInvisibleOutlined aria-hidden />}>Hidden</Tag> : null}
      </div>
      <p className="prayer__text">{prayer.text}</p>
      {prayer.answered && prayer.testimony ? (
        <blockquote className="prayer__testimony">
          <span className="prayer__testimony-label">Testimony: </span>
          {prayer.testimony}
        </blockquote>
      ) : null}
      <div className="prayer__actions">
        <Button
          icon={<HeartOutlined aria-hidden />}
          disabled={prayer.prayedByMe}
          loading={acting}
          onClick={() => void run('prayed', 'Could not record your prayer')}
          aria-pressed={prayer.prayedByMe}
        >
          {prayer.prayedByMe ? 'You prayed' : 'I prayed'}
        </Button>
        <span className="prayer__count" aria-live="polite">
          {plural(prayer.prayedCount, 'person', 'people')} prayed
        </span>
        {prayer.isAuthor && !prayer.answered ? (
          <Button type="link" onClick={() => setAnswering(true)}>
            Mark answered
          </Button>
        ) : null}
        {isLeader && !prayer.hidden ? (
          <Popconfirm
            title="Hide this prayer request from the group?"
            okText="Hide"
            onConfirm={() => run('hide', 'Could not hide the prayer request')}
          >
            <Button type="link">Hide</Button>
          </Popconfirm>
        ) : null}
        {prayer.isAuthor ? (
          <Popconfirm title="Delete your prayer request?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => onDelete()}>
            <Button type="link" danger icon={<DeleteOutlined aria-hidden />} loading={removing}>
              Delete
            </Button>
          </Popconfirm>
        ) : null}
      </div>
      <Modal
        open={answering}
        title="Mark as answered"
        okText="Mark answered"
        confirmLoading={acting}
        onCancel={() => setAnswering(false)}
        onOk={async () => {
          if (await run('answered', 'Could not mark the request answered', { testimony: testimony.trim() })) {
            notification.success({ title: 'Praise God! Marked as answered.' });
            setAnswering(false);
          }
        }}
      >
        <label htmlFor={`testimony-${prayer.id}`} className="testimony-label">
          Share a short testimony (optional)
        </label>
        <Input.TextArea
          id={`testimony-${prayer.id}`}
          rows={3}
          maxLength={TESTIMONY_MAX}
          value={testimony}
          onChange={(event) => setTestimony(event.target.value)}
          placeholder="How did God answer?"
        />
      </Modal>
    </li>
  );
}

/** Prayer requests inside a group (issue 6): post (optionally anonymous), 'I prayed', answered with a testimony, hide, delete. */
export function PrayerRequests({ groupId, isLeader }: { groupId: string; isLeader: boolean }) {
  const { data: prayers, isLoading, isError } = usePrayersListQuery(groupId);
  return (
    <section className="prayers" aria-label="Prayer requests">
      <PrayerForm groupId={groupId} />
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : isError || !prayers ? (
        <Result status="warning" title="Prayer requests could not be loaded" />
      ) : prayers.length === 0 ? (
        <Empty description="No prayer requests yet. Be the first to share one." />
      ) : (
        <ul className="prayer-list">
          {prayers.map((prayer) => (
            <PrayerItem key={prayer.id} prayer={prayer} isLeader={isLeader} />
          ))}
        </ul>
      )}
    </section>
  );
}
