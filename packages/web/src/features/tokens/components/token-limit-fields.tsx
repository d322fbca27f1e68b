import { Form, Input, Select, Switch } from 'antd';
import { AUTO_GROUP } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tokenQueries } from '../api/tokens.queries';

/** Model limits (from GET /api/user/models), allowed IPs and the token's group (from GET /api/user/self/groups). */
export function TokenLimitFields() {
  const { t } = useTranslation('tokens');
  const models = useQuery(tokenQueries.userModels());
  const groups = useQuery(tokenQueries.selfGroups());
  const groupOptions = [
    { value: '', label: t('form.groupOwn') },
    ...Object.entries(groups.data ?? {}).map(([name, g]) => ({
      value: name,
      // The auto group has no ratio of its own: the server sends a text there.
      label: typeof g.ratio === 'string' ? t('form.groupAutoOption', { name, desc: g.desc || name }) : t('form.groupOption', { name, ratio: g.ratio ?? 1, desc: g.desc || name }),
    })),
  ];
  return (
    <>
      <Form.Item name="model_limits" label={t('form.models')} extra={t('form.modelsHelp')}>
        <Select
          mode="multiple"
          allowClear
          loading={models.isLoading}
          placeholder={t('form.modelsPlaceholder')}
          options={(models.data ?? []).map((m) => ({ value: m, label: m }))}
          maxTagCount="responsive"
        />
      </Form.Item>
      <Form.Item name="allow_ips" label={t('form.ips')} extra={t('form.ipsHelp')}>
        <Input.TextArea rows={3} placeholder={t('form.ipsPlaceholder')} />
      </Form.Item>
      <Form.Item name="group" label={t('form.group')}>
        <Select loading={groups.isLoading} options={groupOptions} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: { group?: string }, b: { group?: string }) => a.group !== b.group}>
        {({ getFieldValue }) =>
          getFieldValue('group') === AUTO_GROUP ? (
            <Form.Item name="cross_group_retry" label={t('form.crossGroupRetry')} valuePropName="checked" extra={t('form.crossGroupRetryHelp')}>
              <Switch />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </>
  );
}
