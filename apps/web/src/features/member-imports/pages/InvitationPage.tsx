import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { acceptInvitationRequestSchema, type InvitationView } from '@abide/contracts';
import { App, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { problemOf } from '../../../shared/api/problem-details';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { zodRule } from '../../../shared/forms/zod-rule';
import { AuthScreen } from '../../../shared/components/AuthScreen';
import { useAppDispatch } from '../../../shared/store/hooks';
import { useAuth } from '../../auth';
import { untilMemberOf } from '../../churches';
import {
  useInvitationsAcceptAsMemberMutation,
  useInvitationsAcceptMutation,
  useInvitationsGetQuery,
  useInvitationsOpenMutation,
} from '../memberImportsApi';

const fields = acceptInvitationRequestSchema.shape;
/** The row's group is joined at acceptance if it is open; a private group's leaders decide. */
const groupNote = (v: InvitationView) =>
  v.groupName ? `, and put forward for its group ${v.groupName} (if the group is private, its leaders accept you first)` : '';

/**
 * `/invitation#{token}`: a church's invitation to a new person. The token stays in the fragment (never sent to a
 * server by the browser); choosing a password makes the account, joins the church and goes on to onboarding.
 */
export function InvitationPage() {
  const [token] = useState(() => window.location.hash.slice(1));
  const [open, opening] = useInvitationsOpenMutation();
  const [accept, accepting] = useInvitationsAcceptMutation();
  const { adoptSession } = useAuth();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [joining, setJoining] = useState(false);
  const [view, setView] = useState<InvitationView | null>(null);
  const [failure, setFailure] = useState<string | null>(
    token ? null : 'This invitation link is not complete. Open it from the e-mail again.',
  );
  const [form] = Form.useForm<{ name: string; password: string }>();

  useEffect(() => {
    if (!token) return;
    void open({ token }).then((result) => {
      if (result.data) {
        setView(result.data);
        form.setFieldsValue({ name: result.data.name });
      } else setFailure(problemOf(result.error)?.detail ?? 'This invitation could not be opened. Please try again.');
    });
  }, [token, open, form]);

  const onFinish = async ({ name, password }: { name: string; password: string }) => {
    const result = await accept({ token, name: name.trim(), password });
    if (result.error) {
      const problem = problemOf(result.error);
      if (problem?.errors?.length)
        form.setFields(problem.errors.map((e) => ({ name: e.field === 'password' ? 'password' : 'name', errors: [e.message] })));
      else notification.error({ title: 'Not accepted', description: problem?.detail ?? 'Please try again.' });
      return;
    }
    const { church, ...session } = result.data;
    await adoptSession(session);
    // Onboarding and the frame after it show the church as soon as community has it.
    setJoining(true);
    await dispatch(untilMemberOf(church.id));
    notification.success({ title: `Welcome to ${church.name}!`, description: 'Your account is ready.' });
    navigate('/onboarding', { replace: true });
  };

  return (
    <AuthScreen title="Your invitation">
      {failure ? (
        <Result
          status="warning"
          title="This invitation cannot be used"
          subTitle={failure}
          extra={<ButtonLink to="/login">Sign in</ButtonLink>}
        />
      ) : !view || opening.isLoading ? (
        <Spin aria-label="Opening the invitation" />
      ) : view.hasAccount ? (
        <Result
          status="info"
          title={`${view.church.name} invites you`}
          subTitle={`${view.email} already has an Abide account: sign in to accept.`}
          extra={<ButtonLink to={`/invitations/${view.id}`}>Sign in to accept</ButtonLink>}
        />
      ) : (
        <>
          <Typography.Title level={2}>{view.church.name} invites you</Typography.Title>
          <p>
            Choose a password for <strong>{view.email}</strong>. You will start with {view.church.name} already joined{groupNote(view)}.
          </p>
          <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void onFinish(values)}>
            <Form.Item name="name" label="Your name" rules={[{ required: true, message: 'Please enter your name' }, zodRule(fields.name)]}>
              <Input prefix={<UserOutlined aria-hidden />} autoComplete="name" />
            </Form.Item>
            <Form.Item
              name="password"
              label="Password"
              rules={[{ required: true, message: 'Please enter a password' }, zodRule(fields.password)]}
            >
              <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={accepting.isLoading || joining}>
              Accept and join
            </Button>
          </Form>
        </>
      )}
    </AuthScreen>
  );
}

/** `/invitations/{id}`: a join notice to a member who has an account, accepted signed in. */
export function JoinInvitationPage() {
  const { invitationId = '' } = useParams();
  const { data, error, isLoading } = useInvitationsGetQuery(invitationId);
  const [accept, accepting] = useInvitationsAcceptAsMemberMutation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [joining, setJoining] = useState(false);

  const onAccept = async () => {
    const result = await accept(invitationId);
    if (result.error) {
      notification.error({ title: 'Not accepted', description: problemOf(result.error)?.detail ?? 'Please try again.' });
      return;
    }
    // The toast and the page must agree: both wait until My Churches (the page, the badge, the menu) lists it.
    setJoining(true);
    const listed = await dispatch(untilMemberOf(result.data.church.id));
    setJoining(false);
    notification.success({
      title: `You joined ${result.data.church.name}`,
      description: listed ? undefined : 'It can take a minute to appear in your churches.',
    });
    navigate('/churches', { replace: true });
  };

  return (
    <main className="page">
      <title>Your invitation · Abide</title>
      {/* The page's own heading: the Result below names the church, but a page needs a level-1 title to be found by. */}
      <Typography.Title level={1} className="page__title">
        Your invitation
      </Typography.Title>
      {isLoading ? (
        <Spin aria-label="Opening the invitation" />
      ) : !data ? (
        <Result
          status="warning"
          title="This invitation cannot be used"
          subTitle={problemOf(error)?.detail ?? 'Please try again.'}
          extra={<ButtonLink to="/churches">Your churches</ButtonLink>}
        />
      ) : (
        <Result
          status="info"
          title={`${data.church.name} invites you`}
          subTitle={`Join ${data.church.name}${groupNote(data)}. The invitation stands until ${new Date(data.expiresAt).toLocaleDateString()}.`}
          extra={
            <Button type="primary" loading={accepting.isLoading || joining} onClick={() => void onAccept()}>
              Accept and join
            </Button>
          }
        />
      )}
    </main>
  );
}
