import { DESCRIPTION_MAX, TITLE_MAX, uploadCategories } from '@abide/contracts';
import { Form, Input, Radio, Alert, type FormInstance } from 'antd';
import { useListSharingGroupsQuery } from '../libraryApi';
import { useActiveChurch } from '../../churches';
import { audienceOptions, visibilityOptions, type UploadFormValues } from '../upload-form';
import { TagInput } from './TagInput';
import { FormSelect } from '../../../shared/forms/FormSelect';

const categoryOptions = uploadCategories.map((c) => ({ value: c.id, label: c.label }));

/** The upload's submission fields, shared by the upload form and the draft editor. */
export function UploadFields({ form }: { form: FormInstance<UploadFormValues> }) {
  const visibility = Form.useWatch('visibility', form);
  const groups = useListSharingGroupsQuery(undefined, { skip: visibility !== 'group' });
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  const churchOptions = useActiveChurch().churches.map((c) => ({ value: c.id, label: c.name }));

  return (
    <>
      <Form.Item label="Title" name="title" required>
        <Input maxLength={TITLE_MAX} placeholder="e.g. Seven days of the Lord's Prayer" />
      </Form.Item>
      <div className="upload-fields__row">
        <Form.Item label="Category" name="category" required>
          <FormSelect options={categoryOptions} placeholder="Choose a category" allowClear />
        </Form.Item>
        <Form.Item label="Target audience" name="targetAudience">
          <FormSelect options={audienceOptions} />
        </Form.Item>
      </div>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} maxLength={DESCRIPTION_MAX} placeholder="What is it and who is it for?" />
      </Form.Item>
      <Form.Item label="Tags" name="tags">
        <TagInput />
      </Form.Item>
      <Form.Item label="Visibility" name="visibility">
        <Radio.Group className="visibility-group">
          {visibilityOptions.map((option) => (
            <Radio key={option.value} value={option.value}>
              <span className="visibility-group__label">{option.label}</span>
              <span className="visibility-group__help">{option.help}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {visibility === 'group' &&
        (groups.isFetching || groupOptions.length > 0 ? (
          <Form.Item label="Group" name="groupId" required>
            <FormSelect options={groupOptions} loading={groups.isFetching} placeholder="Choose one of your groups" />
          </Form.Item>
        ) : (
          <Alert
            className="upload-fields__no-groups"
            type="info"
            showIcon
            title="You are not in a group yet"
            description="Join or start a group to share a resource with it, or choose Public or Private."
          />
        ))}
      {visibility === 'church' &&
        (churchOptions.length > 0 ? (
          <Form.Item label="Church" name="churchId" required>
            <FormSelect options={churchOptions} placeholder="Choose one of your churches" />
          </Form.Item>
        ) : (
          <Alert
            className="upload-fields__no-groups"
            type="info"
            showIcon
            title="You do not belong to a church yet"
            description="Join your church with its code to share a resource with it, or choose another visibility."
          />
        ))}
    </>
  );
}
