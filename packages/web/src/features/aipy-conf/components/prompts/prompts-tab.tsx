import { useState } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SuggestedPromptView } from '@gw/contracts';
import { notifySuccess } from '../../../../lib/notify';
import { aipyQueries, useDeletePrompt } from '../../api/aipy-conf.queries';
import { AipyListTab } from '../aipy-list-tab';
import { editDeleteColumn } from '../edit-delete-column';
import { PromptDialog } from './prompt-dialog';

const tagList = (items: readonly string[]) => (
  <Flex wrap gap={4}>
    {items.map((i) => (
      <Tag key={i}>{i}</Tag>
    ))}
  </Flex>
);

/** The prompt-recommendation tab (spec 3 §2.15): list, add, edit and delete suggested prompts. */
export function PromptsTab() {
  const { t } = useTranslation('aipyConf');
  const query = useQuery(aipyQueries.prompts());
  const remove = useDeletePrompt();
  const [dialog, setDialog] = useState<{ open: boolean; prompt: SuggestedPromptView | null }>({ open: false, prompt: null });
  return (
    <AipyListTab<SuggestedPromptView>
      addLabel={t('prompts.add')}
      onAdd={() => setDialog({ open: true, prompt: null })}
      dialog={<PromptDialog open={dialog.open} prompt={dialog.prompt} onClose={() => setDialog((d) => ({ ...d, open: false }))} />}
      loading={query.isFetching}
      dataSource={query.data ?? []}
      columns={[
        { title: t('columns.id'), dataIndex: 'id', width: 72 },
        { title: t('prompts.fields.title'), dataIndex: 'title' },
        {
          title: t('prompts.fields.instruction'),
          key: 'instruction',
          render: (_, p) => (
            <Typography.Text ellipsis={{ tooltip: p.instruction }} style={{ maxWidth: 260 }}>
              {p.instruction}
            </Typography.Text>
          ),
        },
        { title: t('prompts.fields.mcp'), key: 'mcp', render: (_, p) => tagList(p.mcp) },
        { title: t('prompts.fields.platform'), key: 'platform', render: (_, p) => (p.platform.length ? tagList(p.platform) : t('prompts.allPlatforms')) },
        { title: t('prompts.fields.version'), dataIndex: 'version' },
        { title: t('prompts.fields.sort'), dataIndex: 'sort' },
        {
          title: t('prompts.fields.release'),
          key: 'release',
          render: (_, p) => (p.release ? <Tag color="green">{t('prompts.released')}</Tag> : <Tag>{t('prompts.draft')}</Tag>),
        },
        editDeleteColumn<SuggestedPromptView>(t, {
          onEdit: (p) => setDialog({ open: true, prompt: p }),
          onDelete: (p) => remove.mutate(p.id, { onSuccess: () => notifySuccess(t('messages.deleted')) }),
        }),
      ]}
    />
  );
}
