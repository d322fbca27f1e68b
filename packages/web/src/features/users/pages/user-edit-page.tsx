import { Card, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/not-found-page';
import { EditUserForm } from '../components/edit-user-form';

/** /user/edit/:id (an administrator editing a user) and /user/edit (the signed-in user). */
export function UserEditPage() {
  const { t } = useTranslation('users');
  const { id } = useParams();
  const navigate = useNavigate();
  const userId = id === undefined ? undefined : Number(id);
  if (userId !== undefined && (!Number.isInteger(userId) || userId <= 0)) return <NotFoundPage />;
  return (
    <Card style={{ maxWidth: 640 }}>
      <Typography.Title level={3}>{userId === undefined ? t('edit.selfTitle') : t('edit.title')}</Typography.Title>
      <EditUserForm userId={userId} onDone={userId === undefined ? undefined : () => void navigate('/user')} />
    </Card>
  );
}
