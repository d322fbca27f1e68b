import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isJsonObjectText } from '../channel-form';

interface JsonTextFieldProps {
  name: string;
  label: string;
  /** Shown when the text is not a JSON object; checked when the field loses focus (spec 2 §5). */
  invalidMessage: string;
  placeholder?: string;
  extra?: string;
  rows?: number;
  /** A further check of a JSON object text: the problem's message, or null. */
  check?: (text: string) => string | null;
  /** Runs when the text area loses focus, before the validation. */
  onBlur?: () => void;
}

/** A JSON object text area (blank allowed), validated on blur. */
export function JsonTextField({ name, label, invalidMessage, placeholder, extra, rows = 6, check, onBlur }: JsonTextFieldProps) {
  const validator = (_: unknown, v: string | undefined) => {
    if (!isJsonObjectText(v)) return Promise.reject(new Error(invalidMessage));
    const problem = check?.(v ?? '') ?? null;
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  };
  return (
    <Form.Item name={name} label={label} extra={extra} validateTrigger="onBlur" rules={[{ validator }]}>
      <Input.TextArea
        autoSize={{ minRows: rows, maxRows: 12 }}
        placeholder={placeholder}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
        onBlur={onBlur}
      />
    </Form.Item>
  );
}

/**
 * The channel's JSON settings: label, placeholder and help under form.<key>, and the message for
 * text that is not a JSON object under problems.<problem>.
 */
const CHANNEL_JSON_FIELDS = {
  model_mapping: { key: 'modelMapping', problem: 'modelMapping' },
  status_code_mapping: { key: 'statusCodeMapping', problem: 'statusCodeMapping' },
  param_override: { key: 'paramOverride', problem: 'json' },
} as const;

/** One of the channel's JSON fields; `placeholder` replaces its example (the tag editor says "unchanged"). */
export function ChannelJsonField({ name, placeholder }: { name: keyof typeof CHANNEL_JSON_FIELDS; placeholder?: string }) {
  const { t } = useTranslation('channels');
  const { key, problem } = CHANNEL_JSON_FIELDS[name];
  return (
    <JsonTextField
      name={name}
      label={t(`form.${key}`)}
      invalidMessage={t(`problems.${problem}`)}
      placeholder={placeholder ?? t(`form.${key}Placeholder`)}
      extra={t(`form.${key}Help`)}
    />
  );
}
