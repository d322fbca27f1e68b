import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Flex, Input, List, Modal, Popconfirm, Progress, Space, Spin, Tag, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '@gw/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { pullOllamaModel } from '../api/channel-upstream.api';
import { ollamaKeys, ollamaQueries, useDeleteOllamaModel } from '../api/channel-upstream.queries';

interface PullState {
  model: string;
  status: string;
  percent: number | null;
}

/**
 * The "Ollama models" dialog of an Ollama channel: the server's version and models, pulling a model
 * with its progress as it streams in (cancellable), and deleting a model.
 */
export function OllamaModelsModal({ channel, onClose }: { channel: ChannelView | null; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const queryClient = useQueryClient();
  const id = channel?.id ?? 0;
  const version = useQuery({ ...ollamaQueries.version(id), enabled: channel !== null });
  const models = useQuery({ ...ollamaQueries.models(id), enabled: channel !== null });
  const remove = useDeleteOllamaModel();
  const [name, setName] = useState('');
  const [pull, setPull] = useState<PullState | null>(null);
  const cancel = useRef<AbortController | null>(null);

  useEffect(() => () => cancel.current?.abort(), []);

  const startPull = async () => {
    const model = name.trim();
    if (!channel || !model || pull) return;
    const controller = new AbortController();
    cancel.current = controller;
    setPull({ model, status: t('ollama.starting'), percent: null });
    let outcome: { ok: boolean; message: string } | null = null;
    try {
      await pullOllamaModel(
        channel.id,
        model,
        (update) => {
          if (update.kind === 'progress') setPull({ model, status: update.status, percent: update.percent });
          else if (update.kind === 'success') outcome = { ok: true, message: update.message };
          else if (update.kind === 'error') outcome = { ok: false, message: update.message };
        },
        controller.signal,
      );
    } catch (err) {
      if ((err as Error).name !== 'AbortError') outcome = { ok: false, message: (err as Error).message };
    } finally {
      cancel.current = null;
      setPull(null);
    }
    const result = outcome as { ok: boolean; message: string } | null;
    if (result?.ok) {
      notifySuccess(t('ollama.pulled', { model }));
      setName('');
    } else if (result) notifyError(t('ollama.pullFailed', { message: result.message }));
    void queryClient.invalidateQueries({ queryKey: ollamaKeys.models(channel.id) });
  };

  const deleteModel = (model: string) =>
    remove.mutateAsync({ channelId: id, model }).then(() => {
      notifySuccess(t('ollama.deleted', { model }));
      return queryClient.invalidateQueries({ queryKey: ollamaKeys.models(id) });
    });

  return (
    <Modal
      title={t('ollama.title', { name: channel?.name ?? '' })}
      open={channel !== null}
      onCancel={() => {
        cancel.current?.abort();
        onClose();
      }}
      footer={null}
      width={640}
      destroyOnHidden
      afterClose={() => setName('')}
    >
      <Flex vertical gap={12}>
        <div>
          {version.isPending ? (
            <Spin size="small" />
          ) : version.data ? (
            <Tag color="blue">{t('ollama.version', { version: version.data.version })}</Tag>
          ) : (
            <Typography.Text type="danger">{version.error?.message ?? t('ollama.versionUnknown')}</Typography.Text>
          )}
        </div>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('ollama.modelName')}
            placeholder={t('ollama.pullPlaceholder')}
            value={name}
            disabled={pull !== null}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => void startPull()}
          />
          <Button type="primary" icon={<CloudDownloadOutlined />} loading={pull !== null} disabled={!name.trim()} onClick={() => void startPull()}>
            {pull ? t('ollama.pulling') : t('ollama.pull')}
          </Button>
        </Space.Compact>
        {pull && (
          <Flex vertical gap={4} role="status" aria-label={t('ollama.progress')}>
            <Flex justify="space-between" align="center">
              <Typography.Text type="secondary">{pull.status}</Typography.Text>
              <Button size="small" onClick={() => cancel.current?.abort()}>
                {t('ollama.cancel')}
              </Button>
            </Flex>
            <Progress percent={pull.percent ?? 0} status="active" showInfo={pull.percent !== null} />
          </Flex>
        )}
        <Typography.Text strong>{t('ollama.models')}</Typography.Text>
        {models.isPending ? (
          <Spin />
        ) : (models.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ollama.noModels')} />
        ) : (
          <List
            size="small"
            bordered
            dataSource={models.data ?? []}
            renderItem={(model) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="delete"
                    title={t('ollama.delete')}
                    description={t('ollama.deleteConfirm', { model })}
                    okText={t('ollama.delete')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => deleteModel(model)}
                  >
                    <Button size="small" danger>
                      {t('ollama.delete')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <Typography.Text code>{model}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Modal>
  );
}
