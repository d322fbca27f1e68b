import { useEffect } from 'react';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROMPT_INSTRUCTION_REQUIRED, PROMPT_MCP_REQUIRED, PROMPT_PLATFORMS, PROMPT_TITLE_REQUIRED, SuggestedPromptBody, type SuggestedPromptView } from '@gw/contracts';
import { notifySuccess } from '../../../../lib/notify';
import { useCreatePrompt, useUpdatePrompt } from '../../api/aipy-conf.queries';
import { newPromptValues, promptToValues, valuesToPromptBody, type PromptFormValues } from '../../prompt-form';
import { AipyDialog } from '../aipy-dialog';

const FIELD_OF_BODY: Record<string, keyof PromptFormValues> = { facets: 'facet_files' };

/** Add or edit a suggested prompt (spec 3 §2.15, §3): the instruction is required. */
export function PromptDialog({ open, prompt, onClose }: { open: boolean; prompt: SuggestedPromptView | null; onClose: () => void }) {
  const { t } = useTranslation('aipyConf');
  const [form] = Form.useForm<PromptFormValues>();
  const create = useCreatePrompt();
  const update = useUpdatePrompt();

  useEffect(() => {
    if (open) form.setFieldsValue(prompt ? promptToValues(prompt) : newPromptValues());
  }, [open, prompt, form]);

  const submit = (values: PromptFormValues) => {
    const parsed = SuggestedPromptBody.safeParse(valuesToPromptBody(values));
    if (!parsed.success) {
      return form.setFields(
        parsed.error.issues.map((i) => {
          const field = String(i.path[0] ?? 'title');
          return { name: FIELD_OF_BODY[field] ?? (field as keyof PromptFormValues), errors: [i.message] };
        }),
      );
    }
    const done = (message: string) => () => {
      notifySuccess(message);
      onClose();
    };
    if (prompt) return update.mutate({ id: prompt.id, body: parsed.data }, { onSuccess: done(t('messages.updated')) });
    create.mutate(parsed.data, { onSuccess: done(t('messages.added')) });
  };

  const tags = (label: string) => <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',']} aria-label={label} placeholder={t('prompts.tagsHelp')} />;
  return (
    <AipyDialog open={open} title={prompt ? t('prompts.editTitle') : t('prompts.addTitle')} form={form} saving={create.isPending || update.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newPromptValues()}>
        <Form.Item name="title" label={t('prompts.fields.title')} rules={[{ required: true, whitespace: true, message: PROMPT_TITLE_REQUIRED }]}>
          <Input />
        </Form.Item>
        <Form.Item name="mcp" label={t('prompts.fields.mcp')} rules={[{ required: true, type: 'array', min: 1, message: PROMPT_MCP_REQUIRED }]}>
          {tags(t('prompts.fields.mcp'))}
        </Form.Item>
        <Form.Item name="instruction" label={t('prompts.fields.instruction')} rules={[{ required: true, whitespace: true, message: PROMPT_INSTRUCTION_REQUIRED }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="version" label={t('prompts.fields.version')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="sort" label={t('prompts.fields.sort')}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="release" label={t('prompts.fields.release')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="platform" label={t('prompts.fields.platform')} extra={t('prompts.platformHelp')}>
          <Checkbox.Group options={PROMPT_PLATFORMS.map((p) => ({ value: p, label: p }))} />
        </Form.Item>
        <Form.Item name="facet_files" label={t('prompts.fields.facets')} extra={t('prompts.facetsHelp')}>
          {tags(t('prompts.fields.facets'))}
        </Form.Item>
        <Form.Item name="tags" label={t('prompts.fields.tags')}>
          {tags(t('prompts.fields.tags'))}
        </Form.Item>
        <Form.Item name="result_link" label={t('prompts.fields.resultLink')}>
          <Input />
        </Form.Item>
      </Form>
    </AipyDialog>
  );
}
