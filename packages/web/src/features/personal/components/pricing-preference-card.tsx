import { Card, Flex, Switch, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { personalQueries, useSaveSetting } from '../api/personal.queries';
import { settingBody } from '../personal-rules';

/** Pricing preference: whether models without a set price may be used (billed at the default ratio). */
export function PricingPreferenceCard() {
  const { t } = useTranslation('personal');
  const setting = useQuery(personalQueries.setting());
  const save = useSaveSetting();
  const saved = setting.data;
  return (
    <Card title={t('pricing.title')} loading={setting.isPending}>
      <Flex gap={12} align="center">
        <Switch
          checked={saved?.accept_unset_model_ratio_model ?? false}
          loading={save.isPending}
          aria-label={t('pricing.acceptUnset')}
          onChange={(accept) => saved && save.mutate(settingBody(saved, { accept_unset_model_ratio_model: accept }), { onSuccess: () => notifySuccess(t('pricing.saved')) })}
        />
        <Flex vertical>
          <Typography.Text>{t('pricing.acceptUnset')}</Typography.Text>
          <Typography.Text type="secondary">{t('pricing.acceptUnsetHint')}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
