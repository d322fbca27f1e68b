import { useState } from 'react';
import { Button, Card, Empty, Flex, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERSONAL_MODELS_PREVIEW } from '@gw/contracts';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { personalQueries } from '../api/personal.queries';
import { visibleModels } from '../personal-rules';

/** The models the user may call (GET /api/user/models): 10 at first, all on request; a click copies a name. */
export function ModelsCard() {
  const { t } = useTranslation('personal');
  const models = useQuery(personalQueries.models());
  const copy = useCopyText();
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = visibleModels(models.data ?? [], expanded);
  return (
    <Card title={t('models.title')} loading={models.isPending}>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('models.none')} />
      ) : (
        <Flex wrap gap={8} data-testid="personal-models">
          {shown.map((m) => (
            <Tag key={m} style={{ cursor: 'pointer', marginInlineEnd: 0 }} onClick={() => void copy(m, t('models.copied', { model: m }))}>
              {m}
            </Tag>
          ))}
          {hidden > 0 && (
            <Button size="small" type="link" onClick={() => setExpanded(true)}>
              {t('models.showAll', { count: hidden })}
            </Button>
          )}
          {expanded && (models.data?.length ?? 0) > PERSONAL_MODELS_PREVIEW && (
            <Button size="small" type="link" onClick={() => setExpanded(false)}>
              {t('models.collapse')}
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
}
