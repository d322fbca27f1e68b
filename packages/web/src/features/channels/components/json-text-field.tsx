import { Form, Input } from 'antd';
import { isJsonObjectText } from '../channel-form';

interface JsonTextFieldProps {
  name: string;
  label: string;
  /** Shown when the text is not a JSON object; checked when the field loses focus (spec 2 §5). */
  invalidMessage: string;
  placeholder?: string;
  extra?: string;
  rows?: number;
}

/** A JSON object text area (blank allowed), validated on blur. */
export function JsonTextField({ name, label, invalidMessage, placeholder, extra, rows = 6 }: JsonTextFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      validateTrigger="onBlur"
      rules={[{ validator: (_, v: string | undefined) => (isJsonObjectText(v) ? Promise.resolve() : Promise.reject(new Error(invalidMessage))) }]}
    >
      <Input.TextArea autoSize={{ minRows: rows, maxRows: 12 }} placeholder={placeholder} spellCheck={false} style={{ fontFamily: 'monospace' }} />
    </Form.Item>
  );
}
