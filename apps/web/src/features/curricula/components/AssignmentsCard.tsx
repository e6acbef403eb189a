import type { CurriculumAssignment, CurriculumDetail } from '@abide/contracts';
import type { ReactNode } from 'react';
import { App, Button, Card, Checkbox, Form, List, Popconfirm, Radio, Select, Tag } from 'antd';
import { refusalText, showFieldErrors } from '../../../shared/forms/refusals';
import { sundaysFrom } from '../curriculum-draft';
import { useCurriculaAssignMutation, useCurriculaEndAssignmentMutation } from '../curriculaApi';

interface Values {
  audience: 'church' | 'groups';
  groupIds: string[];
  startDate: string;
}

const formatDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const stateTag: Record<CurriculumAssignment['state'], ReactNode> = {
  upcoming: <Tag color="blue">Upcoming</Tag>,
  running: <Tag color="green">Running</Tag>,
  finished: <Tag>Finished</Tag>,
  ended: <Tag>Ended</Tag>,
};

/** Assigns the latest published version to the church or some of its groups from a Sunday, and lists assignments. */
export function AssignmentsCard({ curriculum }: { curriculum: CurriculumDetail }) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const [assign, assigning] = useCurriculaAssignMutation();
  const [end] = useCurriculaEndAssignmentMutation();
  const audience = Form.useWatch('audience', form);
  const canAssign = curriculum.latestVersion !== null && curriculum.status !== 'archived';

  const onFinish = async (values: Values) => {
    const result = await assign({
      id: curriculum.id,
      assignCurriculumDto: { audience: values.audience, groupIds: values.audience === 'groups' ? values.groupIds : [], startDate: values.startDate },
    });
    if (result.error) {
      if (!showFieldErrors(form, result.error)) notification.error({ title: 'Not assigned', description: refusalText(result.error) });
      return;
    }
    notification.success({ title: 'Assigned', description: `Plans follow week 1 from ${formatDay(result.data.startDate)}.` });
  };

  return (
    <Card title={<h2 className="card-heading">Assign</h2>} className="curriculum-assign">
        {canAssign ? (
          <Form<Values>
            form={form}
            layout="vertical"
            name="curriculum-assign"
            initialValues={{ audience: 'church', groupIds: [], startDate: curriculum.currentWeekStart }}
            onFinish={(values) => void onFinish(values)}
          >
            <p className="curriculum-hint">Version {curriculum.latestVersion}. Members’ weekly plans follow its weeks; days it leaves free keep their own plan.</p>
            <Form.Item name="audience" label="Who follows it">
              <Radio.Group
                options={[
                  { label: 'The whole church', value: 'church' },
                  { label: 'Some of its groups', value: 'groups', disabled: curriculum.churchGroups.length === 0 },
                ]}
              />
            </Form.Item>
            {audience === 'groups' ? (
              <Form.Item name="groupIds" label="Groups" rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one group' }]}>
                <Checkbox.Group options={curriculum.churchGroups.map((g) => ({ label: g.name, value: g.id }))} />
              </Form.Item>
            ) : null}
            <Form.Item name="startDate" label="Starts on (a Sunday)">
              <Select options={sundaysFrom(curriculum.currentWeekStart, 26).map((d, i) => ({ value: d, label: i === 0 ? `${formatDay(d)} (this week)` : formatDay(d) }))} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={assigning.isLoading}>
              Assign
            </Button>
          </Form>
        ) : (
          <p className="curriculum-hint">{curriculum.status === 'archived' ? 'Restore the curriculum to assign it.' : 'Publish the curriculum to assign it.'}</p>
        )}
        <h3 className="curriculum-assign__list-heading">Assignments</h3>
        <List
          dataSource={curriculum.assignments}
          locale={{ emptyText: <span className="curriculum-hint">Not assigned yet.</span> }}
          renderItem={(a) => (
            <List.Item
              actions={
                a.state === 'upcoming' || a.state === 'running'
                  ? [
                      <Popconfirm
                        key="end"
                        title="End this assignment?"
                        description="Plans stop following it now; what members checked off stays."
                        okText="End"
                        onConfirm={() => void end({ id: curriculum.id, assignmentId: a.id })}
                      >
                        <Button size="small">End</Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <span>
                    {a.audience === 'church' ? 'Whole church' : a.groups.map((g) => g.name).join(', ')} {stateTag[a.state]}
                  </span>
                }
                description={`Version ${a.version} · ${formatDay(a.startDate)} to ${formatDay(a.endDate)}`}
              />
            </List.Item>
          )}
        />
    </Card>
  );
}
