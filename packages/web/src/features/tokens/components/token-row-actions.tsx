import { Button, Dropdown, Popconfirm, Space } from 'antd';
import { CommentOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TokenStatus, type TokenView } from '@gw/contracts';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteToken, useSetTokenStatus } from '../api/tokens.queries';
import { fullKey } from '../token-key';
import { useChatLinks } from './use-chat-links';

/** Copy, chat, enable/disable, edit and delete for one token. */
export function TokenRowActions({ token, onEdit }: { token: TokenView; onEdit: (token: TokenView) => void }) {
  const { t } = useTranslation('tokens');
  const copy = useCopyText();
  const chats = useChatLinks();
  const setStatus = useSetTokenStatus();
  const remove = useDeleteToken();
  const enabled = token.status === TokenStatus.Enabled;
  const toggle = () =>
    setStatus.mutate(
      { id: token.id, status: enabled ? TokenStatus.Disabled : TokenStatus.Enabled },
      { onSuccess: () => notifySuccess(enabled ? t('actions.disabled') : t('actions.enabled')) },
    );

  return (
    <Space size={4} wrap>
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(fullKey(token), t('actions.copied'))}>
        {t('actions.copy')}
      </Button>
      {chats.links.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: chats.links.map((link, i) => ({ key: String(i), label: link.name })),
            onClick: ({ key }) => chats.open(chats.links[Number(key)], token),
          }}
        >
          <Button size="small" icon={<CommentOutlined />}>
            {t('actions.chat')}
          </Button>
        </Dropdown>
      )}
      <Button size="small" danger={enabled} loading={setStatus.isPending} onClick={toggle}>
        {enabled ? t('actions.disable') : t('actions.enable')}
      </Button>
      <Button size="small" onClick={() => onEdit(token)}>
        {t('actions.edit')}
      </Button>
      <Popconfirm
        title={t('actions.deleteTitle')}
        description={t('actions.deleteConfirm', { name: token.name })}
        okText={t('actions.delete')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutate(token.id, { onSuccess: () => notifySuccess(t('actions.deleted')) })}
      >
        <Button size="small" danger loading={remove.isPending}>
          {t('actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
