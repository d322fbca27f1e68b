import { useEffect, useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTagChannels } from '../api/channels.queries';

interface BatchTagModalProps {
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}

/** Sets one tag on the selected channels (POST /api/channel/batch/tag); the tag must not be blank. */
export function BatchTagModal({ ids, onClose, onDone }: BatchTagModalProps) {
  const { t } = useTranslation('channels');
  const [tag, setTag] = useState('');
  const save = useTagChannels();
  useEffect(() => {
    if (ids) setTag('');
  }, [ids]);
  const submit = () => {
    if (!ids?.length) return notifyError(t('batch.selectFirst'));
    if (!tag.trim()) return notifyError(t('batchTag.required'));
    save.mutate(
      { ids, tag: tag.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('batchTag.done', { count: ids.length, tag: tag.trim() }));
          onDone();
        },
      },
    );
  };
  return (
    <Modal
      title={t('batchTag.title')}
      open={ids !== null}
      onCancel={onClose}
      onOk={submit}
      okText={t('batchTag.ok')}
      cancelText={t('batchTag.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('batchTag.hint', { count: ids?.length ?? 0 })}</Typography.Paragraph>
      <Input
        autoFocus
        value={tag}
        maxLength={128}
        aria-label={t('batchTag.label')}
        placeholder={t('batchTag.placeholder')}
        onChange={(e) => setTag(e.target.value)}
        onPressEnter={submit}
      />
    </Modal>
  );
}
