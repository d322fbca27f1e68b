import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHANNEL_PRIORITY_MIN } from '@gw/contracts';
import { FormDrawer } from '../../../components/form/form-drawer';
import { fitScreen } from '../../../components/responsive';
import { notifySuccess } from '../../../lib/notify';
import { groupQueries } from '../../groups/api/groups.queries';
import { useEditTag } from '../api/channels.queries';
import { newTagValues, tagValuesToPayload, type TagFormValues } from '../tag-form';
import { ChannelJsonField } from './json-text-field';
import { ModelsInput } from './models-input';

/**
 * The tag editor (PUT /api/channel/tag): what is filled in overwrites that field on every channel of
 * the tag; blank fields stay as they are; clearing the name dissolves the tag.
 */
export function TagEditorDrawer({ tag, onClose }: { tag: string | null; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const [form] = Form.useForm<TagFormValues>();
  const groups = useQuery({ ...groupQueries.names(), enabled: tag !== null });
  const edit = useEditTag();

  useEffect(() => {
    if (tag !== null) form.setFieldsValue(newTagValues(tag));
  }, [tag, form]);

  const submit = (values: TagFormValues) => {
    if (tag === null || edit.isPending) return;
    edit.mutate(tagValuesToPayload(tag, { ...newTagValues(tag), ...values }), {
      onSuccess: () => {
        notifySuccess(t('tagEditor.saved', { tag }));
        onClose();
      },
    });
  };

  return (
    <FormDrawer
      title={t('tagEditor.title', { tag: tag ?? '' })}
      open={tag !== null}
      size={fitScreen(560)}
      forceRender
      onClose={onClose}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.submit')}
      submitting={edit.isPending}
      onSubmit={() => form.submit()}
      submitTestId="tag-editor-submit"
    >
      <Alert type="info" showIcon title={t('tagEditor.hint')} style={{ marginBottom: 16 }} />
      <Form name="tag-editor" form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newTagValues(tag ?? '')}>
        <Form.Item name="new_tag" label={t('tagEditor.name')} extra={t('tagEditor.nameHelp')}>
          <Input maxLength={128} />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="priority" label={t('form.priority')}>
            <InputNumber min={CHANNEL_PRIORITY_MIN} precision={0} placeholder={t('tagEditor.unchanged')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="weight" label={t('form.weight')}>
            <InputNumber min={0} precision={0} placeholder={t('tagEditor.unchanged')} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="models" label={t('form.models')}>
          <ModelsInput placeholder={t('tagEditor.unchanged')} />
        </Form.Item>
        <Form.Item name="groups" label={t('form.groups')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('tagEditor.unchanged')}
            loading={groups.isLoading}
            options={(groups.data ?? []).map((g) => ({ value: g, label: g }))}
          />
        </Form.Item>
        <ChannelJsonField name="model_mapping" placeholder={t('tagEditor.unchanged')} />
      </Form>
    </FormDrawer>
  );
}
