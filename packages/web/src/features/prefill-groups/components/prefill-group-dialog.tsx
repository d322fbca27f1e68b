import { useEffect } from 'react';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ENDPOINTS, PREFILL_GROUP_DESCRIPTION_MAX, PREFILL_GROUP_NAME_MAX, PREFILL_GROUP_TYPES, type PrefillGroupView } from '@gw/contracts';
import { fitScreen } from '../../../components/responsive';
import { notifySuccess } from '../../../lib/notify';
import { useSavePrefillGroup } from '../api/prefill-groups.queries';
import { newPrefillGroupValues, prefillGroupBodyOf, prefillGroupToValues, type PrefillGroupFormValues } from '../prefill-group-form';


/** Add or edit a prefill group: name, type, description, and its items (a list, or JSON for an endpoint group). */
export function PrefillGroupDialog({ open, group, onClose }: { open: boolean; group: PrefillGroupView | null; onClose: () => void }) {
  const { t } = useTranslation('prefillGroups');
  const [form] = Form.useForm<PrefillGroupFormValues>();
  const save = useSavePrefillGroup();
  const type = Form.useWatch('type', form) ?? 'model';

  useEffect(() => {
    if (open) form.setFieldsValue(group ? prefillGroupToValues(group) : newPrefillGroupValues());
  }, [open, group, form]);

  const submit = () => {
    // Every field, also the items field of the type not shown.
    const values = { ...newPrefillGroupValues(), ...(form.getFieldsValue(true) as Partial<PrefillGroupFormValues>) };
    const result = prefillGroupBodyOf(values, t('errors.invalidJson'));
    if (!result.ok) return form.setFields(result.fields);
    save.mutate(
      { id: group?.id ?? null, body: result.body },
      {
        onSuccess: () => {
          notifySuccess(group ? t('messages.updated') : t('messages.created'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={group ? t('dialog.editTitle') : t('dialog.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: save.isPending }}
      width={fitScreen(640)}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newPrefillGroupValues()}>
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('errors.nameRequired') }]}>
          <Input maxLength={PREFILL_GROUP_NAME_MAX} />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type')}>
          <Radio.Group optionType="button" options={PREFILL_GROUP_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={2} maxLength={PREFILL_GROUP_DESCRIPTION_MAX} />
        </Form.Item>
        {type === 'endpoint' ? (
          <Form.Item label={t('fields.endpoints')} extra={t('fields.endpointsHelp')} required={false}>
            <Form.Item name="endpoints" noStyle>
              <Input.TextArea rows={8} aria-label={t('fields.endpoints')} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            <Button size="small" style={{ marginTop: 8 }} onClick={() => form.setFieldValue('endpoints', JSON.stringify(DEFAULT_ENDPOINTS, null, 2))}>
              {t('fields.endpointsTemplate')}
            </Button>
          </Form.Item>
        ) : (
          <Form.Item name="items" label={t('fields.items')} extra={type === 'tag' ? t('fields.itemsHelpTag') : t('fields.itemsHelpModel')}>
            <Select mode="tags" tokenSeparators={[',', '\n']} placeholder={t('fields.itemsPlaceholder')} options={[]} notFoundContent={null} maxTagCount={60} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
