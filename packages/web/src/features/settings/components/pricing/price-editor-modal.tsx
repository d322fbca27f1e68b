import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fitScreen } from '../../../../components/responsive';
import type { ModelPricing, PricingRow } from '../../pricing/price-maps';
import { parsePricingForm, pricingToForm, syncPerTokenFields, type PricingField, type PricingFormValues } from '../../pricing/pricing-form';

type EditorValues = PricingFormValues & { name?: string };

export type PriceEditorTarget =
  | { kind: 'add' }
  | { kind: 'edit'; row: PricingRow }
  /** The same pricing for several models (batch set, quick pricing). */
  | { kind: 'batch'; names: string[] };

interface PriceEditorModalProps {
  target: PriceEditorTarget | null;
  /** Whether a model name is already priced (add only). */
  isNameTaken: (name: string) => boolean;
  onSubmit: (names: string[], pricing: ModelPricing) => void | Promise<void>;
  onClose: () => void;
}

const PER_TOKEN_FIELDS: PricingField[] = ['ratio', 'completionRatio', 'inputPrice', 'outputPrice'];

/**
 * Prices one model (add, edit) or several (batch). Per request: a fixed USD price per call, which
 * disables the ratio inputs. Per token: entered as USD per 1M tokens or as ratios; the other pair
 * follows (price = ratio × 2, completion ratio = output price / input price).
 */
export function PriceEditorModal({ target, isNameTaken, onSubmit, onClose }: PriceEditorModalProps) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<EditorValues>();
  const mode = Form.useWatch('mode', form);
  const inputMode = Form.useWatch('inputMode', form);
  const batch = target?.kind === 'batch';

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({ ...pricingToForm(target.kind === 'edit' ? target.row : undefined), name: target.kind === 'edit' ? target.row.name : '' });
  }, [target, form]);

  const onValuesChange = (changed: Partial<EditorValues>, all: EditorValues) => {
    // Switching the mode clears the other mode's values (spec 2 §4).
    if (changed.mode === 'per-request') form.setFieldsValue({ ratio: '', completionRatio: '', inputPrice: '', outputPrice: '' });
    if (changed.mode === 'per-token') form.setFieldsValue({ price: '' });
    const field = PER_TOKEN_FIELDS.find((f) => f in changed);
    if (field) form.setFieldsValue(syncPerTokenFields(field, all));
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as EditorValues;
    const fieldErrors: { name: keyof EditorValues; errors: string[] }[] = [];
    const name = (values.name ?? '').trim();
    if (target?.kind === 'add') {
      if (name === '') fieldErrors.push({ name: 'name', errors: [t('pricing.errors.nameRequired')] });
      else if (isNameTaken(name)) fieldErrors.push({ name: 'name', errors: [t('pricing.errors.nameTaken')] });
    }
    const parsed = parsePricingForm(values, { requireBoth: batch });
    if (!parsed.ok) for (const [field, error] of Object.entries(parsed.errors)) fieldErrors.push({ name: field as PricingField, errors: [t(`pricing.errors.${error}`)] });
    if (fieldErrors.length > 0 || !parsed.ok) return form.setFields(fieldErrors);
    const names = target?.kind === 'batch' ? target.names : target?.kind === 'edit' ? [target.row.name] : [name];
    await onSubmit(names, parsed.pricing);
  };

  const perRequest = mode === 'per-request';
  const byRatio = inputMode === 'ratio';
  const title = target?.kind === 'add' ? t('pricing.addTitle') : target?.kind === 'edit' ? t('pricing.editTitle', { name: target.row.name }) : t('pricing.batchTitle');

  return (
    <Modal open={target !== null} title={title} onCancel={onClose} onOk={submit} okText={t('pricing.apply')} width={fitScreen(560)} forceRender destroyOnHidden={false}>
      <Form form={form} name="price-editor" layout="vertical" onValuesChange={onValuesChange} data-testid="price-editor">
        {target?.kind === 'add' && (
          <Form.Item name="name" label={t('pricing.modelName')} required>
            <Input placeholder="my-model" autoComplete="off" />
          </Form.Item>
        )}
        {target?.kind === 'batch' && <Typography.Paragraph type="secondary">{t('pricing.batchModels', { count: target.names.length })}</Typography.Paragraph>}
        <Form.Item name="mode" label={t('pricing.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'per-token', label: t('pricing.perToken') },
              { value: 'per-request', label: t('pricing.perRequest') },
            ]}
          />
        </Form.Item>
        <Form.Item name="price" label={t('pricing.fixedPrice')} extra={t('pricing.fixedPriceHelp')}>
          <Input disabled={!perRequest} inputMode="decimal" prefix="$" />
        </Form.Item>
        <Form.Item name="inputMode" label={t('pricing.inputMode')}>
          <Radio.Group
            disabled={perRequest}
            options={[
              { value: 'price', label: t('pricing.byPrice') },
              { value: 'ratio', label: t('pricing.byRatio') },
            ]}
          />
        </Form.Item>
        <Form.Item name="inputPrice" label={t('pricing.inputPrice')}>
          <Input disabled={perRequest || byRatio} inputMode="decimal" prefix="$" suffix={t('pricing.perMillion')} />
        </Form.Item>
        <Form.Item name="outputPrice" label={t('pricing.outputPrice')}>
          <Input disabled={perRequest || byRatio} inputMode="decimal" prefix="$" suffix={t('pricing.perMillion')} />
        </Form.Item>
        <Form.Item name="ratio" label={t('pricing.ratio')} extra={t('pricing.ratioHelp')}>
          <Input disabled={perRequest || !byRatio} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="completionRatio" label={t('pricing.completionRatio')} extra={t('pricing.completionRatioHelp')}>
          <Input disabled={perRequest || !byRatio} inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
