import type { ReactNode } from 'react';
import { Button, Flex, Form, Popconfirm, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BindingType, UserView } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useRoles } from '../../../lib/session';
import { accountSecurityQueries, useClearBinding, useDisableTwoFactor, useResetPasskeys, useUnbindCustom } from '../api/account-security.queries';
import { boundItemsOf, canManageUser } from '../user-bindings';

/** One bound account with its confirmed "Unbind" action. */
function BoundRow({ testId, label, value, confirm, busy, disabled, onConfirm }: { testId: string; label: string; value: string; confirm: string; busy: boolean; disabled: boolean; onConfirm: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Flex gap={8} align="center" data-testid={testId}>
      <Tag>
        {label}: {value}
      </Tag>
      <Popconfirm title={t('security.unbindTitle', { what: label })} description={confirm} okText={t('security.unbind')} okButtonProps={{ danger: true }} onConfirm={onConfirm} disabled={disabled}>
        <Button size="small" type="link" danger loading={busy} disabled={disabled} aria-label={t('security.unbindLabel', { what: label })}>
          {t('security.unbind')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** A confirmed, dangerous button of the security row. */
function ConfirmedAction({ label, title, description, busy, disabled, onConfirm, testId }: { label: ReactNode; title: string; description: string; busy: boolean; disabled: boolean; onConfirm: () => void; testId: string }) {
  const { t } = useTranslation('users');
  return (
    <Popconfirm title={title} description={description} okText={t('security.confirm')} okButtonProps={{ danger: true }} onConfirm={onConfirm} disabled={disabled}>
      <Button danger loading={busy} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/**
 * An administrator's security tools in the user editor (new-api's): the user's bindings — e-mail, built-in and
 * custom third-party accounts — each with "Unbind", and turning 2FA off or removing the passkeys. Every
 * action asks first; the server refuses the last way in and users of an equal or higher role.
 */
export function UserSecuritySection({ user }: { user: UserView }) {
  const { t } = useTranslation('users');
  const { t: tOAuth } = useTranslation('oauth');
  const { user: me, isRoot } = useRoles();
  const allowed = canManageUser(me, isRoot, user);
  const custom = useQuery({ ...accountSecurityQueries.customBindings(user.id), enabled: allowed });
  const clear = useClearBinding(user.id);
  const unbindCustom = useUnbindCustom(user.id);
  const disableTwoFactor = useDisableTwoFactor(user.id);
  const resetPasskeys = useResetPasskeys(user.id);
  const labelOf = (type: BindingType) => (type === 'email' ? t('security.email') : tOAuth(`providers.${type}`));
  const items = boundItemsOf(user);
  const customItems = custom.data ?? [];
  const done = () => notifySuccess(t('actions.done'));

  return (
    <>
      <Form.Item label={t('security.bindings')} data-testid="user-bound-accounts">
        {items.length === 0 && customItems.length === 0 ? (
          <Typography.Text type="secondary">{t('security.noBindings')}</Typography.Text>
        ) : (
          <Flex vertical gap={4}>
            {items.map(({ type, value }) => (
              <BoundRow
                key={type}
                testId={`user-bound-${type}`}
                label={labelOf(type)}
                value={value}
                confirm={t('security.unbindConfirm', { what: labelOf(type), name: user.username })}
                busy={clear.isPending && clear.variables === type}
                disabled={!allowed}
                onConfirm={() => clear.mutate(type, { onSuccess: done })}
              />
            ))}
            {customItems.map((b) => (
              <BoundRow
                key={`custom-${b.provider_id}`}
                testId={`user-bound-custom-${b.provider_slug}`}
                label={b.provider_name}
                value={b.provider_user_id}
                confirm={t('security.unbindConfirm', { what: b.provider_name, name: user.username })}
                busy={unbindCustom.isPending && unbindCustom.variables === b.provider_id}
                disabled={!allowed}
                onConfirm={() => unbindCustom.mutate(b.provider_id, { onSuccess: done })}
              />
            ))}
          </Flex>
        )}
      </Form.Item>
      <Form.Item label={t('security.title')} extra={t('security.help')}>
        <Space wrap>
          <ConfirmedAction
            testId="user-disable-2fa"
            label={t('security.disable2fa')}
            title={t('security.disable2fa')}
            description={t('security.disable2faConfirm', { name: user.username })}
            busy={disableTwoFactor.isPending}
            disabled={!allowed}
            onConfirm={() => disableTwoFactor.mutate(undefined, { onSuccess: () => notifySuccess(t('security.disabled2fa')) })}
          />
          <ConfirmedAction
            testId="user-reset-passkeys"
            label={t('security.resetPasskeys')}
            title={t('security.resetPasskeys')}
            description={t('security.resetPasskeysConfirm', { name: user.username })}
            busy={resetPasskeys.isPending}
            disabled={!allowed}
            onConfirm={() => resetPasskeys.mutate(undefined, { onSuccess: () => notifySuccess(t('security.passkeysReset')) })}
          />
        </Space>
      </Form.Item>
    </>
  );
}
