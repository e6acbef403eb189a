import { App, Button, Card, Form, Input, List, Result, Skeleton, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { httpStatusOf } from '../../../shared/api/problem-details';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { churchesEndpoints } from '../../../shared/api/generated/endpoints/churches';
import { refusalText, showFieldErrors } from '../../../shared/forms/refusals';
import { CurriculaNotAllowed } from '../components/CurriculaNotAllowed';
import { CurriculumProgress } from '../CurriculumProgress';
import { useCurriculaCreateMutation, useCurriculaDuplicateMutation, useCurriculaListQuery } from '../curriculaApi';
import '../curricula.css';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function NewCurriculumCard({ churchId }: { churchId: string }) {
  const [form] = Form.useForm<{ title: string }>();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [create, { isLoading }] = useCurriculaCreateMutation();
  return (
    <Card title={<h2 className="card-heading">New curriculum</h2>}>
      <Form
        form={form}
        layout="vertical"
        name="new-curriculum"
        onFinish={async ({ title }) => {
          const result = await create({ churchId, title: title.trim() });
          if (result.error) {
            if (!showFieldErrors(form, result.error)) notification.error({ title: 'Not created', description: refusalText(result.error) });
            return;
          }
          navigate(`/curricula/${result.data.id}`);
        }}
      >
        <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: 'Give the curriculum a title' }, { max: 120 }]}>
          <Input placeholder="Six weeks in the Psalms" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Create draft
        </Button>
      </Form>
    </Card>
  );
}

/** `/churches/{id}/curricula`: the church's curricula for its admins, a new one, and progress per week. */
export function CurriculaPage() {
  const { churchId = '' } = useParams();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const church = churchesEndpoints.useChurchesDetailQuery(churchId);
  const { data, error, isLoading } = useCurriculaListQuery(churchId, { skip: church.data?.myRole !== 'admin' });
  const [duplicate] = useCurriculaDuplicateMutation();
  if (church.isLoading || isLoading) return <main className="page"><Skeleton active /></main>;
  if (httpStatusOf(church.error) === 403 || httpStatusOf(error) === 403 || (church.data && church.data.myRole !== 'admin')) {
    return <CurriculaNotAllowed className="curricula-page" />;
  }
  if (!church.data) return <main className="page"><Result status="404" title="This church was not found" /></main>;
  return (
    <main className="page curricula-page">
      <title>{`${church.data.name} curricula · Abide`}</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            {church.data.name}: curricula
          </Typography.Title>
          <p className="page-header__lead">Write weeks of daily activities, publish them, and assign them to the church or some of its groups.</p>
        </div>
        <ButtonLink to={`/churches/${churchId}/settings`}>Church settings</ButtonLink>
      </header>
      <div className="curricula-page__grid">
        <Card title={<h2 className="card-heading">Curricula</h2>}>
          <List
            dataSource={data?.items ?? []}
            locale={{ emptyText: <span className="curriculum-hint">No curricula yet: create the first one.</span> }}
            renderItem={(c) => (
              <List.Item
                actions={[
                  <ButtonLink key="open" to={`/curricula/${c.id}`} aria-label={`Open ${c.title}`}>
                    Open
                  </ButtonLink>,
                  <Button
                    key="duplicate"
                    aria-label={`Duplicate ${c.title}`}
                    onClick={async () => {
                      const result = await duplicate(c.id);
                      if (result.error) notification.error({ title: 'Not duplicated', description: refusalText(result.error) });
                      else navigate(`/curricula/${result.data.id}`);
                    }}
                  >
                    Duplicate
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span>
                      {c.title}{' '}
                      {c.status === 'published' ? <Tag color="green">Published v{c.latestVersion}</Tag> : c.status === 'archived' ? <Tag>Archived</Tag> : <Tag color="gold">Draft</Tag>}
                      {c.activeAssignments > 0 ? <Tag color="blue">Assigned</Tag> : null}
                    </span>
                  }
                  description={`${c.weeks === 1 ? '1 week' : `${c.weeks} weeks`} · changed ${formatDate(c.updatedAt)}${c.hasUnpublishedChanges && c.latestVersion ? ' · unpublished changes' : ''}`}
                />
              </List.Item>
            )}
          />
        </Card>
        <div className="curricula-page__side">
          <NewCurriculumCard churchId={churchId} />
          <CurriculumProgress churchId={churchId} />
        </div>
      </div>
    </main>
  );
}
