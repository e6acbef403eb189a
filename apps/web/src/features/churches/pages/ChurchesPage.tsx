import { normaliseJoinCode } from '@abide/contracts';
import { App, Button, Card, Empty, Form, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useAuth } from '../../auth';
import { chooseActiveChurch, useActiveChurch } from '../active-church';
import { refusalText, showFieldErrors } from '../../../shared/forms/refusals';
import { useChurchesCreateMutation, useChurchesJoinMutation, useChurchesLeaveMutation } from '../churchesApi';
import { sharingNoteText } from '../../sharing';
import { ChurchFields, type ChurchFormValues, emptyChurchForm } from '../components/ChurchFields';
import { ChurchLogo } from '../ChurchLogo';
import { JoinByCodeForm } from '../components/JoinByCodeForm';

/** Start a church: the member who creates it is its first admin. */
function CreateChurchCard() {
  const [form] = Form.useForm<ChurchFormValues>();
  const { notification } = App.useApp();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [create, { isLoading }] = useChurchesCreateMutation();
  const onFinish = async (values: ChurchFormValues) => {
    const result = await create({
      ...values,
      name: values.name.trim(),
      slug: values.slug.trim().toLowerCase(),
      primaryColor: values.primaryColor.trim().toLowerCase(),
      welcome: values.welcome.trim(),
    });
    if (result.error) {
      if (!showFieldErrors(form, result.error)) notification.error({ title: 'Could not create the church', description: refusalText(result.error) });
      return;
    }
    if (user) chooseActiveChurch(user.id, result.data.id);
    notification.success({ title: `${result.data.name} is ready`, description: 'Add a logo and invite your people from its settings.' });
    navigate(`/churches/${result.data.id}/settings`);
  };
  return (
    <Card title={<h2 className="card-heading">Start a church</h2>}>
      <Form<ChurchFormValues>
        form={form}
        name="create-church"
        layout="vertical"
        requiredMark="optional"
        initialValues={emptyChurchForm()}
        onFinish={(values) => void onFinish(values)}
      >
        <ChurchFields form={form} suggestSlug />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Create church
        </Button>
      </Form>
    </Card>
  );
}

/** `/churches`: my churches (the one shown in the frame marked), joining with a code, starting a church. */
export function ChurchesPage() {
  const { churches, active } = useActiveChurch();
  const { user } = useAuth();
  const { notification } = App.useApp();
  const [join, joining] = useChurchesJoinMutation();
  const [leave] = useChurchesLeaveMutation();
  // A new membership does not share until the member turns it on (#26).
  const sharingNote = sharingNoteText(false);
  const loading = !user;
  const leaveChurch = async (churchId: string, name: string) => {
    const result = await leave(churchId);
    if (result.error) notification.error({ title: `Still a member of ${name}`, description: refusalText(result.error) });
    else notification.success({ title: `You left ${name}` });
  };

  const joinWith = async (typed: string) => {
    const result = await join({ code: normaliseJoinCode(typed) });
    if (result.error) {
      notification.error({ title: 'Could not join', description: refusalText(result.error) });
      return;
    }
    if (user) chooseActiveChurch(user.id, result.data.id);
    notification.success({ title: `Welcome to ${result.data.name}!`, description: sharingNote });
  };

  return (
    <main className="page churches-page">
      <title>Churches · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Churches
          </Typography.Title>
          <p className="page-header__lead">Your church’s page, groups and resources, in its own colours.</p>
        </div>
      </header>
      <section aria-labelledby="my-churches" className="churches-page__section">
        <Typography.Title level={2} id="my-churches">
          My churches
        </Typography.Title>
        {loading ? (
          <Skeleton active />
        ) : churches.length === 0 ? (
          <Empty description="You do not belong to a church yet. Join yours with its code, or start one." />
        ) : (
          <div className="church-grid">
            {churches.map((church) => (
              <Card key={church.id} className="church-card" data-testid="church-card">
                <div className="church-card__head">
                  <ChurchLogo church={church} size={48} />
                  <div>
                    <h3 className="church-card__name">{church.name}</h3>
                    <p className="church-card__meta">
                      {church.memberCount === 1 ? '1 member' : `${church.memberCount} members`} ·{' '}
                      {church.myRole === 'admin' ? 'Admin' : 'Member'}
                    </p>
                  </div>
                </div>
                <div className="church-card__actions">
                  <ButtonLink to={`/c/${church.slug}`}>Church page</ButtonLink>
                  {church.myRole === 'admin' ? (
                    <>
                      <ButtonLink to={`/churches/${church.id}/dashboard`}>Dashboard</ButtonLink>
                      <ButtonLink to={`/churches/${church.id}/settings`}>Settings</ButtonLink>
                    </>
                  ) : null}
                  {active?.id === church.id ? (
                    <Tag color="green">Shown in the app</Tag>
                  ) : (
                    <Button type="link" onClick={() => user && chooseActiveChurch(user.id, church.id)}>
                      Show in the app
                    </Button>
                  )}
                  <Popconfirm title={`Leave ${church.name}?`} okText="Leave" onConfirm={() => void leaveChurch(church.id, church.name)}>
                    <Button type="link" danger>
                      Leave
                    </Button>
                  </Popconfirm>
                </div>
              </Card>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="join-church" className="churches-page__section">
        <Typography.Title level={2} id="join-church">
          Join your church
        </Typography.Title>
        <p>Ask your church for its join code or invitation link.</p>
        <JoinByCodeForm onJoin={joinWith} busy={joining.isLoading} />
      </section>
      <section className="churches-page__section">
        <CreateChurchCard />
      </section>
    </main>
  );
}
