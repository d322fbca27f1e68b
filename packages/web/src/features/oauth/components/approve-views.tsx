import { useState } from 'react';
import { Button, Radio, Result, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TokenView } from '@gw/contracts';

interface ConfirmViewProps {
  appName: string;
  busy: boolean;
  onAllow: () => void;
  onRefuse: () => void;
}

/** The question: does the user let the application have one of their tokens? */
export function ConfirmView({ appName, busy, onAllow, onRefuse }: ConfirmViewProps) {
  const { t } = useTranslation('oauth');
  return (
    <Result
      status="info"
      title={t('approve.confirm', { app: appName })}
      subTitle={t('approve.confirmHint')}
      extra={
        <Space>
          <Button type="primary" loading={busy} onClick={onAllow}>{t('approve.allow')}</Button>
          <Button disabled={busy} onClick={onRefuse}>{t('approve.refuse')}</Button>
        </Space>
      }
      data-testid="approve-confirm"
    />
  );
}

interface ChooseTokenViewProps {
  tokens: TokenView[];
  busy: boolean;
  onChoose: (token: TokenView) => void;
  onRefuse: () => void;
}

/** Several enabled tokens: the user picks the one to hand over. */
export function ChooseTokenView({ tokens, busy, onChoose, onRefuse }: ChooseTokenViewProps) {
  const { t } = useTranslation('oauth');
  const [chosen, setChosen] = useState<number>(tokens[0]?.id ?? 0);
  const token = tokens.find((x) => x.id === chosen);
  return (
    <div data-testid="approve-choose">
      <Typography.Title level={4}>{t('approve.chooseTitle')}</Typography.Title>
      <Radio.Group value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
        <Space orientation="vertical">
          {tokens.map((x) => (
            <Radio key={x.id} value={x.id}>{x.name}</Radio>
          ))}
        </Space>
      </Radio.Group>
      <Space style={{ marginTop: 24, display: 'flex' }}>
        <Button type="primary" loading={busy} disabled={!token} onClick={() => token && onChoose(token)}>{t('approve.choose')}</Button>
        <Button disabled={busy} onClick={onRefuse}>{t('approve.refuse')}</Button>
      </Space>
    </div>
  );
}

/** No enabled token to give: send the user to make one (spec 3 §2.10). */
export function NoTokenView() {
  const { t } = useTranslation('oauth');
  return (
    <Result
      status="warning"
      title={t('approve.noToken')}
      extra={<Link to="/token"><Button type="primary">{t('approve.createToken')}</Button></Link>}
      data-testid="approve-no-token"
    />
  );
}

/** A final state: approved, refused, expired, already answered, or an error message. */
export function FinalView({ kind, message }: { kind: 'approved' | 'rejected' | 'expired' | 'answered' | 'error'; message?: string }) {
  const { t } = useTranslation('oauth');
  const status = kind === 'approved' ? 'success' : kind === 'rejected' ? 'info' : 'warning';
  const title = kind === 'error' ? t('approve.error') : t(`approve.${kind}`);
  return <Result status={status} title={title} subTitle={kind === 'error' ? message : undefined} data-testid={`approve-${kind}`} />;
}
