import { TeamOutlined } from '@ant-design/icons';
import { normaliseJoinCode } from '@abide/contracts';
import { App, Button, Card, ConfigProvider, Empty, Result, Skeleton, Typography } from 'antd';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { theme } from '../../../shared/theme/theme';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useAuth } from '../../auth';
import { refusalText } from '../../../shared/forms/refusals';
import { churchFrameStyle, churchTheme } from '../church-theme';
import {
  useChurchesJoinMutation,
  useChurchesMineQuery,
  useChurchesPortalQuery,
  useChurchesRequestMutation,
  useChurchesWithdrawMutation,
} from '../churchesApi';
import { ChurchLogo } from '../ChurchLogo';
import { JoinByCodeForm } from '../components/JoinByCodeForm';
import { sharingNoteText, MySharingWith } from '../../sharing';
import { chooseActiveChurch } from '../active-church';

/** What the visitor can do here: join (with the invitation's code), ask to join, or they belong already. */
function PortalActions({ churchId, slug, name, code }: { churchId: string; slug: string; name: string; code: string | null }) {
  const { session, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { notification } = App.useApp();
  const mine = useChurchesMineQuery(undefined, { skip: !session });
  const [join, joining] = useChurchesJoinMutation();
  const [request, requesting] = useChurchesRequestMutation();
  const [withdraw, withdrawing] = useChurchesWithdrawMutation();
  // A new membership does not share until the member turns it on, right here once they belong (#26).
  const sharingNote = sharingNoteText(false);

  if (!session) {
    return (
      <div className="church-portal__actions">
        <Button type="primary" size="large" onClick={() => navigate('/login', { state: { from: `${location.pathname}${location.search}` } })}>
          Join {name}
        </Button>
        <span>Sign in or create an account, then join.</span>
      </div>
    );
  }
  if (!mine.data) return <Skeleton.Button active />;
  const membership = mine.data.items.find((c) => c.id === churchId);
  if (membership) {
    return (
      <div className="church-portal__actions">
        <p className="church-portal__member">You belong to this church{membership.myRole === 'admin' ? ' as an admin' : ''}.</p>
        <MySharingWith kind="church" id={churchId} />
        {membership.myRole === 'admin' ? (
          <>
            <ButtonLink to={`/churches/${churchId}/dashboard`}>Pastor’s dashboard</ButtonLink>
            <ButtonLink to={`/churches/${churchId}/settings`}>Church settings</ButtonLink>
          </>
        ) : null}
      </div>
    );
  }
  const pending = mine.data.requests.some((r) => r.churchId === churchId);
  const joinWith = async (typed: string) => {
    const result = await join({ code: normaliseJoinCode(typed) });
    if (result.error) {
      notification.error({ title: 'Could not join', description: refusalText(result.error) });
      return;
    }
    if (user) chooseActiveChurch(user.id, churchId);
    notification.success({ title: `Welcome to ${name}!`, description: sharingNote });
    navigate(`/c/${slug}`, { replace: true });
  };
  if (code) {
    return (
      <div className="church-portal__actions">
        <Button type="primary" size="large" loading={joining.isLoading} onClick={() => void joinWith(code)}>
          Join {name}
        </Button>
        <span>You were invited with a join code.</span>
      </div>
    );
  }
  return (
    <div className="church-portal__actions church-portal__actions--stack">
      {pending ? (
        <>
          <p>Your request to join is waiting for an admin.</p>
          <Button loading={withdrawing.isLoading} onClick={() => void withdraw(churchId)}>
            Withdraw request
          </Button>
        </>
      ) : (
        <Button
          type="primary"
          loading={requesting.isLoading}
          onClick={async () => {
            const result = await request(churchId);
            if (result.error) notification.error({ title: 'Could not ask to join', description: refusalText(result.error) });
            else notification.success({ title: 'Request sent', description: 'An admin of the church will answer it.' });
          }}
        >
          Ask to join
        </Button>
      )}
      <JoinByCodeForm onJoin={joinWith} busy={joining.isLoading} />
    </div>
  );
}

/** `/c/{slug}`: the church's public page (signed out too), in the church's own colours. */
export function ChurchPortalPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const { data, isError, isLoading } = useChurchesPortalQuery(slug);
  if (isLoading) return <main className="page"><Skeleton active /></main>;
  if (isError || !data) {
    return (
      <main className="page">
        <title>Church not found · Abide</title>
        <Result status="404" title="This church was not found" subTitle="Check the address, or ask your church for its link." />
      </main>
    );
  }
  return (
    <ConfigProvider theme={churchTheme(theme, data.primaryColor)}>
      <main className="page church-portal" style={churchFrameStyle(data.primaryColor)}>
        <title>{`${data.name} · Abide`}</title>
        <section className="church-portal__hero" aria-labelledby="church-name">
          <ChurchLogo church={data} size={96} label={`${data.name} logo`} />
          <div>
            <Typography.Title level={1} id="church-name">
              {data.name}
            </Typography.Title>
            <p className="church-portal__meta">
              <TeamOutlined aria-hidden /> {data.memberCount === 1 ? '1 member' : `${data.memberCount} members`}
            </p>
            {data.welcome ? <p className="church-portal__welcome">{data.welcome}</p> : null}
            <PortalActions churchId={data.id} slug={data.slug} name={data.name} code={params.get('code')} />
          </div>
        </section>
        <section aria-labelledby="church-groups" className="church-portal__groups">
          <Typography.Title level={2} id="church-groups">
            Groups
          </Typography.Title>
          {data.groups.length === 0 ? (
            <Empty description="No open groups yet." />
          ) : (
            <div className="church-grid">
              {data.groups.map((group) => (
                <Card key={group.id} title={<Link to={`/groups/${group.id}`}>{group.name}</Link>}>
                  <p>{group.description || 'No description yet.'}</p>
                  <p className="church-portal__meta">{group.memberCount === 1 ? '1 member' : `${group.memberCount} members`}</p>
                </Card>
              ))}
            </div>
          )}
        </section>
      </main>
    </ConfigProvider>
  );
}
