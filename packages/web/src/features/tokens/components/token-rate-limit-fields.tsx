import { Col, Form, InputNumber, Row } from 'antd';
import { TOKEN_RATE_LIMIT_MAX } from '@gw/contracts';
import { useTranslation } from 'react-i18next';

/** The key's requests and tokens per minute; empty or 0 is unlimited. */
export function TokenRateLimitFields() {
  const { t } = useTranslation('tokens');
  const limit = (name: 'rpm_limit' | 'tpm_limit', label: string, step: number) => (
    <Form.Item name={name} label={label} style={{ marginBottom: 0 }} rules={[{ type: 'number', min: 0, max: TOKEN_RATE_LIMIT_MAX, message: t('form.rateLimitRange', { max: TOKEN_RATE_LIMIT_MAX }) }]}>
      <InputNumber min={0} max={TOKEN_RATE_LIMIT_MAX} precision={0} step={step} placeholder={t('form.rateLimitUnlimited')} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Form.Item label={t('form.rateLimits')} extra={t('form.rateLimitsHelp')}>
      <Row gutter={12}>
        <Col span={12}>{limit('rpm_limit', t('form.rpmLimit'), 10)}</Col>
        <Col span={12}>{limit('tpm_limit', t('form.tpmLimit'), 10_000)}</Col>
      </Row>
    </Form.Item>
  );
}
