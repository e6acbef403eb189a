import { createGroupRequestSchema, GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, groupMessages } from '@abide/contracts';
import { Form, Input, Radio } from 'antd';
import { zodRule } from '../../../shared/forms/zod-rule';
import { weekdayOptions } from '../group-format';
import { FormSelect } from '../../../shared/forms/FormSelect';

/** Name, description, privacy and the optional meeting: shared by Create Group and Group Settings. */
export function GroupFields() {
  return (
    <>
      <Form.Item
        label="Group name"
        name="name"
        rules={[{ required: true, whitespace: true, message: groupMessages.nameRequired }, zodRule(createGroupRequestSchema.shape.name)]}
      >
        <Input placeholder="e.g. Tuesday Night Bible Study" maxLength={GROUP_NAME_MAX} />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} maxLength={GROUP_DESCRIPTION_MAX} placeholder="What will your group do together?" />
      </Form.Item>
      <Form.Item label="Privacy" name="privacy">
        <Radio.Group
          options={[
            { value: 'public', label: 'Public — anyone can join' },
            { value: 'private', label: 'Private — leaders approve requests' },
          ]}
        />
      </Form.Item>
      <fieldset className="meeting-fields">
        <legend className="meeting-fields__legend">Meeting (optional)</legend>
        <div className="meeting-fields__row">
          <Form.Item label="Day" name="meetingDay" className="meeting-fields__day">
            <FormSelect allowClear placeholder="Any day" options={weekdayOptions} aria-label="Meeting day" />
          </Form.Item>
          <Form.Item label="Time" name="meetingTime" className="meeting-fields__time">
            <Input type="time" aria-label="Meeting time" />
          </Form.Item>
        </div>
        <Form.Item label="Place or link" name="meetingLocation">
          <Input maxLength={200} placeholder="e.g. Fellowship Hall, or https://meet.example.org/group" />
        </Form.Item>
      </fieldset>
    </>
  );
}
