import type { ReactNode } from 'react';
import { Checkbox, Col, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isJsonText } from '../option-fields';

/** Form fields for option sections; each field's `name` is its option key. */
interface FieldProps {
  name: string;
  label: ReactNode;
  help?: ReactNode;
}

/** Checkbox options laid out in a wrapping row. */
export function SwitchRow({ children }: { children: ReactNode }) {
  return (
    <Flex wrap gap="small" style={{ columnGap: 24 }}>
      {children}
    </Flex>
  );
}

/** Inputs laid out two or three to a row on wide screens, one on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Row gutter={16}>{children}</Row>;
}

export function GridCell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <Col xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
      {children}
    </Col>
  );
}

export function BoolOption({ name, label, help }: FieldProps) {
  return (
    <Form.Item name={name} valuePropName="checked" extra={help} style={{ marginBottom: 12 }}>
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  );
}

export function NumberOption({ name, label, help, min, max, step, required }: FieldProps & { min?: number; max?: number; step?: number; required?: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Form.Item name={name} label={label} extra={help} rules={required ? [{ required: true, message: t('validation.required') }] : undefined}>
      <InputNumber min={min} max={max} step={step} style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function TextOption({ name, label, help, placeholder, rows }: FieldProps & { placeholder?: string; rows?: number }) {
  return (
    <Form.Item name={name} label={label} extra={help}>
      {rows ? <Input.TextArea rows={rows} placeholder={placeholder} /> : <Input placeholder={placeholder} />}
    </Form.Item>
  );
}

/** A write-only credential: shown empty; left empty it keeps the saved value. */
export function SecretOption({ name, label, help }: FieldProps) {
  const { t } = useTranslation('settings');
  return (
    <Form.Item name={name} label={label} extra={help}>
      <Input.Password placeholder={t('secretPlaceholder')} autoComplete="new-password" />
    </Form.Item>
  );
}

/** A JSON text area, checked when it loses focus (and again on save). */
export function JsonOption({ name, label, help, rows = 8, invalidMessage }: FieldProps & { rows?: number; invalidMessage?: string }) {
  const { t } = useTranslation('settings');
  const message = invalidMessage ?? t('validation.json');
  return (
    <Form.Item
      name={name}
      label={label}
      extra={help}
      validateTrigger="onBlur"
      rules={[{ validator: (_r, value: string | undefined) => (isJsonText(value) ? Promise.resolve() : Promise.reject(new Error(message))) }]}
    >
      <Input.TextArea rows={rows} spellCheck={false} style={{ fontFamily: 'monospace' }} />
    </Form.Item>
  );
}

/** A comma-stored list edited as tags (e-mail domains). */
export function ListOption({ name, label, help, placeholder }: FieldProps & { placeholder?: string }) {
  return (
    <Form.Item name={name} label={label} extra={help}>
      <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder={placeholder} suffixIcon={null} />
    </Form.Item>
  );
}
