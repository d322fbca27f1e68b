import { useEffect, useRef, useState } from 'react';
import { Alert, App, Collapse, Divider, Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChannelType, SPARK_DEFAULT_VERSION } from '@gw/contracts';
import { FormDrawer } from '../../../../components/form/form-drawer';
import { fitScreen } from '../../../../components/responsive';
import { notifyError, notifySuccess, notifyWarning } from '../../../../lib/notify';
import { channelQueries, useCreateChannel, useUpdateChannel } from '../../api/channels.queries';
import { absorbSettingText } from '../../channel-setting-form';
import {
  channelToValues, endsWithV1, findFormProblem, newChannelValues, splitKeyLines, valuesToPayload, type ChannelFormValues,
} from '../../channel-form';
import { ChannelAdvancedFields } from './channel-advanced-fields';
import { ChannelKeyField } from './channel-key-field';
import { ChannelModelsField } from './channel-models-field';
import { ChannelRoutingFields } from './channel-routing-fields';
import { ChannelSettingsFields } from './channel-settings-fields';
import { ChannelTypeFields } from './channel-type-fields';
import { KeySelectionField } from './key-selection-field';
import { needsBaseUrl, useChannelTypes } from './use-channel-types';

interface ChannelEditorDrawerProps {
  open: boolean;
  /** null: a new channel (or a batch of them). */
  channelId: number | null;
  onClose: () => void;
}

/** The channel editor (spec 2 §2, §5): one drawer for create and edit, opened by /channel/add and /channel/edit/:id. */
export function ChannelEditorDrawer({ open, channelId, onClose }: ChannelEditorDrawerProps) {
  const { t } = useTranslation('channels');
  const { modal } = App.useApp();
  const [form] = Form.useForm<ChannelFormValues>();
  const types = useChannelTypes(open);
  const isEdit = channelId !== null;
  const detail = useQuery({ ...channelQueries.detail(channelId ?? 0), enabled: open && isEdit });
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const type = Form.useWatch('type', form);
  const storedKeys = isEdit ? (detail.data?.channel_info ?? null) : null;
  const submitting = useRef(false);
  // The form is filled once per opening, so refetches (after a test, a save elsewhere) keep the edits.
  const filledFor = useRef<string | null>(null);
  // Bumped on every filling: remounts the sections that keep local state (a shown key, fetched models).
  const [session, setSession] = useState(0);

  useEffect(() => {
    if (!open) {
      filledFor.current = null;
      return;
    }
    const target = isEdit ? `edit-${channelId}` : 'create';
    if (filledFor.current === target) return;
    if (isEdit && !detail.data) return;
    form.resetFields();
    form.setFieldsValue(isEdit && detail.data ? channelToValues(detail.data) : newChannelValues());
    filledFor.current = target;
    setSession((n) => n + 1);
  }, [open, isEdit, channelId, detail.data, form]);

  const onValuesChange = (changed: Partial<ChannelFormValues>) => {
    // A problem shown by the last submit goes away once its field is edited.
    form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof ChannelFormValues, errors: [] })));
    if (changed.settings) {
      const keys = Object.keys(changed.settings) as (keyof ChannelFormValues['settings'])[];
      form.setFields(keys.map((key) => ({ name: ['settings', key] as const, errors: [] })));
    }
    // One channel per key and several keys in one channel exclude each other.
    if (changed.batch) form.setFieldValue('multi_key', false);
    if (changed.multi_key) form.setFieldValue('batch', false);
    if (changed.type === ChannelType.IflytekSpark && !form.getFieldValue('other')) form.setFieldValue('other', SPARK_DEFAULT_VERSION);
  };

  const submit = async () => {
    if (submitting.current) return notifyWarning(t('form.duplicateSubmit'));
    const values: ChannelFormValues = { ...newChannelValues(), ...(form.getFieldsValue(true) as Partial<ChannelFormValues>) };
    // Known settings still typed in the JSON text (not yet moved on blur) go to their fields first.
    const absorbed = absorbSettingText(values.settings, values.setting);
    if (!('problem' in absorbed) && absorbed.moved.length > 0) {
      Object.assign(values, { settings: absorbed.settings, setting: absorbed.setting });
      form.setFieldsValue({ settings: absorbed.settings, setting: absorbed.setting });
    }
    const problem = findFormProblem(values, isEdit, needsBaseUrl(types, values.type));
    if (problem) {
      const message = 'reason' in problem ? problem.reason : t(`problems.${problem.problem}`);
      form.setFields([{ name: problem.field, errors: [message] }]);
      return notifyError(message);
    }
    if (endsWithV1(values.base_url)) {
      const proceed = await modal.confirm({
        title: t('form.v1Title'),
        content: t('form.v1Confirm'),
        okText: t('form.v1Ok'),
        cancelText: t('form.cancel'),
      });
      if (!proceed) return;
    }
    const payload = valuesToPayload(values, isEdit);
    submitting.current = true;
    const done = { onSettled: () => (submitting.current = false) };
    if (isEdit) {
      update.mutate(
        { ...payload, id: channelId },
        {
          ...done,
          onSuccess: () => {
            notifySuccess(t('form.updated'));
            onClose();
          },
        },
      );
      return;
    }
    create.mutate(payload, {
      ...done,
      onSuccess: (count) => {
        notifySuccess(values.batch ? t('form.createdMany', { count: count || splitKeyLines(values.key).length }) : t('form.created'));
        onClose();
      },
    });
  };

  return (
    <FormDrawer
      title={isEdit ? t('form.editTitle', { id: channelId }) : t('form.createTitle')}
      open={open}
      size={fitScreen(640)}
      forceRender
      loading={isEdit && detail.isLoading}
      onClose={onClose}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.submit')}
      submitting={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      submitTestId="channel-submit"
    >
      {isEdit && detail.isError && <Alert type="error" showIcon title={detail.error.message} style={{ marginBottom: 16 }} />}
      <Form name="channel-editor" form={form} layout="vertical" autoComplete="off" initialValues={newChannelValues()} onValuesChange={onValuesChange}>
        <ChannelTypeFields types={types} baseUrlRequired={needsBaseUrl(types, type)} />
        <Form.Item name="name" label={t('form.name')} required>
          <Input maxLength={128} placeholder={t('form.namePlaceholder')} />
        </Form.Item>
        <ChannelKeyField key={`key-${session}`} channelId={channelId} stored={storedKeys} />
        <KeySelectionField storedMultiKey={Boolean(storedKeys?.is_multi_key)} />
        <Divider titlePlacement="start">{t('form.sectionModels')}</Divider>
        <ChannelModelsField key={`models-${session}`} channelId={channelId} />
        <Divider titlePlacement="start">{t('form.sectionRouting')}</Divider>
        <ChannelRoutingFields />
        <Divider titlePlacement="start">{t('form.sectionSettings')}</Divider>
        <ChannelSettingsFields />
        <Collapse
          ghost
          items={[{ key: 'advanced', label: t('form.sectionAdvanced'), forceRender: true, children: <ChannelAdvancedFields /> }]}
        />
      </Form>
    </FormDrawer>
  );
}
