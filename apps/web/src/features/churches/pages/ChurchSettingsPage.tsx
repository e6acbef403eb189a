import { LOGO_MAX_BYTES, type ChurchDetail } from '@abide/contracts';
import { App, Button, Card, Form, List, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { NotAllowedPage } from '../../../shared/components/NotAllowedPage';
import { fileForm } from '../../../shared/api/file-form';
import { httpStatusOf } from '../../../shared/api/problem-details';
import { useAuth } from '../../auth';
import { refusalText, showFieldErrors } from '../../../shared/forms/refusals';
import {
  useChurchesApproveMutation,
  useChurchesDeclineMutation,
  useChurchesDetailQuery,
  useChurchesMembersQuery,
  useChurchesNewCodeMutation,
  useChurchesRemoveMutation,
  useChurchesRequestsQuery,
  useChurchesSetRoleMutation,
  useChurchesUpdateMutation,
  useLogosRemoveMutation,
  useLogosReplaceMutation,
} from '../churchesApi';
import { ChurchFields, type ChurchFormValues } from '../components/ChurchFields';
import { ChurchLogo } from '../ChurchLogo';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function BrandingCard({ church }: { church: ChurchDetail }) {
  const [form] = Form.useForm<ChurchFormValues>();
  const { notification } = App.useApp();
  const [update, { isLoading }] = useChurchesUpdateMutation();
  const [replaceLogo, replacing] = useLogosReplaceMutation();
  const [removeLogo, removing] = useLogosRemoveMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    form.setFieldsValue({ name: church.name, slug: church.slug, primaryColor: church.primaryColor, welcome: church.welcome, timeZone: church.timeZone });
  }, [church, form]);

  const onFinish = async (values: ChurchFormValues) => {
    const result = await update({
      id: church.id,
      updateChurchDto: {
        name: values.name.trim(),
        slug: values.slug.trim().toLowerCase(),
        primaryColor: values.primaryColor.trim().toLowerCase(),
        welcome: values.welcome.trim(),
        timeZone: values.timeZone,
      },
    });
    if (result.error) {
      if (!showFieldErrors(form, result.error)) notification.error({ title: 'Could not save', description: refusalText(result.error) });
      return;
    }
    notification.success({ title: 'Church settings saved' });
  };

  const onLogo = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      notification.error({ title: 'Logo not saved', description: `The logo can be at most ${LOGO_MAX_BYTES / 1024} KB` });
      return;
    }
    const result = await replaceLogo({ churchId: church.id, body: fileForm(file) });
    if (fileInput.current) fileInput.current.value = '';
    if (result.error) notification.error({ title: 'Logo not saved', description: refusalText(result.error) });
    else notification.success({ title: 'Logo saved' });
  };

  return (
    <Card title={<h2 className="card-heading">Branding</h2>}>
      <div className="church-logo-field">
        <ChurchLogo church={church} size={72} label={church.logoUrl ? `${church.name} logo` : `${church.name} has no logo yet`} />
        <div>
          {/* The file input is the button's: keyboard and screen-reader users reach the button, the input stays out of the way. */}
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/svg+xml"
            className="visually-hidden"
            tabIndex={-1}
            aria-label={church.logoUrl ? 'Replace logo' : 'Upload logo'}
            data-testid="logo-input"
            onChange={(event) => void onLogo(event.target.files?.[0])}
          />
          <Button loading={replacing.isLoading} onClick={() => fileInput.current?.click()}>
            {replacing.isLoading ? 'Uploading…' : church.logoUrl ? 'Replace logo' : 'Upload logo'}
          </Button>
          {church.logoUrl ? (
            <Button type="link" danger loading={removing.isLoading} onClick={() => void removeLogo(church.id)}>
              Remove logo
            </Button>
          ) : null}
          <p className="church-hint">PNG, JPEG or SVG, at most {LOGO_MAX_BYTES / 1024} KB. SVGs with scripts or links to other files are refused.</p>
        </div>
      </div>
      <Form<ChurchFormValues> form={form} name="church-settings" layout="vertical" requiredMark="optional" onFinish={(values) => void onFinish(values)}>
        <ChurchFields form={form} />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save settings
        </Button>
      </Form>
    </Card>
  );
}

function InvitationsCard({ church }: { church: ChurchDetail }) {
  const { notification } = App.useApp();
  const [renew, { isLoading }] = useChurchesNewCodeMutation();
  const code = church.joinCode ?? '';
  const link = `${window.location.origin}/c/${church.slug}?code=${encodeURIComponent(code.replace('-', ''))}`;
  return (
    <Card title={<h2 className="card-heading">Invitations</h2>}>
      <p>People join at once with the join code, or with the invitation link, which carries it.</p>
      <p>
        Join code: <strong className="church-code" data-testid="join-code">{code}</strong>
      </p>
      <Space wrap>
        <Button
          onClick={() =>
            void navigator.clipboard.writeText(link).then(
              () => notification.success({ title: 'Invitation link copied' }),
              () => notification.info({ title: 'Copy this link', description: link }),
            )
          }
        >
          Copy invitation link
        </Button>
        <Popconfirm
          title="Make a new code?"
          description="The current code and every invitation link stop working at once."
          okText="New code"
          onConfirm={() => void renew(church.id)}
        >
          <Button loading={isLoading}>New code</Button>
        </Popconfirm>
      </Space>
      <p className="church-hint" data-testid="invite-link">{link}</p>
      <p>Have a list of your people? Invite them all at once from a spreadsheet.</p>
      <ButtonLink to={`/churches/${church.id}/import`}>Import members</ButtonLink>
    </Card>
  );
}

function RequestsCard({ churchId }: { churchId: string }) {
  const { data, isLoading } = useChurchesRequestsQuery(churchId);
  const [approve] = useChurchesApproveMutation();
  const [decline] = useChurchesDeclineMutation();
  return (
    <Card title={<h2 className="card-heading">Requests to join</h2>}>
      <List
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: <span className="church-empty">No requests waiting.</span> }}
        renderItem={(request) => (
          <List.Item
            actions={[
              <Button key="approve" type="primary" onClick={() => void approve({ id: churchId, requestId: request.id })}>
                Approve
              </Button>,
              <Button key="decline" onClick={() => void decline({ id: churchId, requestId: request.id })}>
                Decline
              </Button>,
            ]}
          >
            <List.Item.Meta title={request.name ?? 'A member'} description={`Asked ${formatDate(request.requestedAt)}`} />
          </List.Item>
        )}
      />
    </Card>
  );
}

function MembersCard({ churchId }: { churchId: string }) {
  const { user } = useAuth();
  const { notification } = App.useApp();
  const { data, isLoading } = useChurchesMembersQuery(churchId);
  const [setRole] = useChurchesSetRoleMutation();
  const [remove] = useChurchesRemoveMutation();
  const act = async (call: Promise<{ error?: unknown }>) => {
    const result = await call;
    if (result.error) notification.error({ title: 'Not changed', description: refusalText(result.error as Parameters<typeof refusalText>[0]) });
  };
  return (
    <Card title={<h2 className="card-heading">Members</h2>}>
      <List
        loading={isLoading}
        dataSource={data ?? []}
        renderItem={(member) => {
          const name = member.name ?? 'A member';
          const self = member.userId === user?.id;
          return (
            <List.Item
              actions={[
                member.role === 'admin' ? (
                  <Button key="role" onClick={() => void act(setRole({ id: churchId, userId: member.userId, changeChurchRoleDto: { role: 'member' } }))}>
                    Remove admin
                  </Button>
                ) : (
                  <Button key="role" onClick={() => void act(setRole({ id: churchId, userId: member.userId, changeChurchRoleDto: { role: 'admin' } }))}>
                    Make admin
                  </Button>
                ),
                self ? null : (
                  <Popconfirm key="remove" title={`Remove ${name} from the church?`} okText="Remove" onConfirm={() => void act(remove({ id: churchId, userId: member.userId }))}>
                    <Button danger aria-label={`Remove ${name}`}>
                      Remove
                    </Button>
                  </Popconfirm>
                ),
              ].filter(Boolean)}
            >
              <List.Item.Meta
                title={
                  <span>
                    {name} {self ? '(you)' : null} {member.role === 'admin' ? <Tag color="green">Admin</Tag> : null}
                  </span>
                }
                description={`Joined ${formatDate(member.joinedAt)}`}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}

/** `/churches/{id}/settings`: branding, invitations, requests and members, for the church's admins. */
export function ChurchSettingsPage() {
  const { churchId = '' } = useParams();
  const { data, error, isLoading } = useChurchesDetailQuery(churchId);
  if (isLoading) return <main className="page"><Skeleton active /></main>;
  const status = httpStatusOf(error);
  if (status === 403 || (data && data.myRole !== 'admin')) {
    return (
      <NotAllowedPage
        className="church-settings"
        documentTitle="Church settings · Abide"
        title="Church settings are for its admins"
        subTitle="Only the church’s admins can change its settings."
        back={{ to: '/churches', label: 'Back to churches' }}
      />
    );
  }
  if (!data) return <main className="page"><Result status="404" title="This church was not found" /></main>;
  return (
    <main className="page church-settings">
      <title>{`${data.name} settings · Abide`}</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            {data.name}: settings
          </Typography.Title>
          <p className="page-header__lead">
            {data.memberCount === 1 ? '1 member' : `${data.memberCount} members`} · page at /c/{data.slug}
          </p>
        </div>
        <ButtonLink to={`/churches/${data.id}/curricula`}>Curricula</ButtonLink>
      </header>
      <div className="church-settings__grid">
        <BrandingCard church={data} />
        <div className="church-settings__side">
          <InvitationsCard church={data} />
          <RequestsCard churchId={data.id} />
          <MembersCard churchId={data.id} />
        </div>
      </div>
    </main>
  );
}
