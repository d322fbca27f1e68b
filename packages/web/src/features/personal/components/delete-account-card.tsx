import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Modal, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteAccount } from '../api/personal.queries';
import { accountNameProblem } from '../personal-rules';

/** Account deletion, confirmed by typing the username (spec 3 §5). */
export function DeleteAccountCard({ username }: { username: string }) {
  const { t } = useTranslation('personal');
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<'empty' | 'mismatch' | null>(null);
  const confirm = () => {
    const p = accountNameProblem(typed, username);
    setProblem(p);
    if (p) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('delete.done'));
        void navigate('/login', { replace: true });
      },
    });
  };
  return (
    <Card title={t('delete.title')}>
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">{t('delete.description')}</Typography.Text>
        <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
          {t('delete.button')}
        </Button>
      </Flex>
      <Modal
        open={open}
        title={t('delete.confirmTitle')}
        okText={t('delete.button')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        afterClose={() => (setTyped(''), setProblem(null))}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Alert type="error" showIcon title={t('delete.warning')} />
          <Typography.Text>{t('delete.typeName', { username })}</Typography.Text>
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} onPressEnter={confirm} aria-label={t('delete.nameLabel')} status={problem ? 'error' : undefined} />
          {problem && <Typography.Text type="danger">{problem === 'empty' ? t('delete.enterName') : t('delete.nameIncorrect')}</Typography.Text>}
        </Flex>
      </Modal>
    </Card>
  );
}
