import { useEffect, useState } from 'react';
import { Card, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthorizationStatus, TokenStatus, type TokenView } from '@gw/contracts';
import { tokenQueries } from '../../tokens/api/tokens.queries';
import { authorizationQueries, useRequestBind } from '../api/oauth.queries';
import { ChooseTokenView, ConfirmView, FinalView, NoTokenView } from '../components/approve-views';

/** Seconds before an approved page moves on to the token list (spec 3 §9). */
const REDIRECT_AFTER_MS = 3000;

/**
 * /approve?code (spec 3 §2.10): an outside application asks for one of the user's tokens. Loading, then
 * confirm (or no-token); allowing with one enabled token hands it over at once, with several the user
 * chooses; refusing is final.
 */
export function ApprovePage() {
  const { t } = useTranslation('oauth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  const queryError = params.get('error');
  const request = useQuery({ ...authorizationQueries.request(code), enabled: code !== '' && !queryError });
  // The authorization view reads the first 100 tokens (spec 3 §7: p=0, size=100).
  const tokens = useQuery({ ...tokenQueries.list({ filters: { keyword: '', token: '' }, p: 0, page_size: 100 }), enabled: code !== '' && !queryError });
  const decide = useRequestBind(code);
  const [choosing, setChoosing] = useState(false);

  const status = request.data?.status;
  useEffect(() => {
    if (status !== AuthorizationStatus.Approved) return;
    const timer = setTimeout(() => void navigate('/token'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  const enabled: TokenView[] = (tokens.data?.items ?? []).filter((x) => x.status === TokenStatus.Enabled);
  const hand = (token: TokenView) => decide.mutate({ token: `sk-${token.key}` });
  const refuse = () => decide.mutate({ reject: true });

  let body;
  if (queryError || !code) body = <FinalView kind="error" message={queryError ?? t('approve.missingCode')} />;
  else if (request.isError) body = <FinalView kind="error" message={request.error.message} />;
  else if (request.isPending || tokens.isPending) body = <Spin size="large" tip={t('approve.loading')}><div style={{ height: 120 }} /></Spin>;
  else if (status === AuthorizationStatus.Approved || status === AuthorizationStatus.Delivered) body = <FinalView kind="approved" />;
  else if (status === AuthorizationStatus.Rejected) body = <FinalView kind="rejected" />;
  else if (status === AuthorizationStatus.Expired) body = <FinalView kind="expired" />;
  else if (enabled.length === 0) body = <NoTokenView />;
  else if (choosing) body = <ChooseTokenView tokens={enabled} busy={decide.isPending} onChoose={hand} onRefuse={refuse} />;
  else {
    body = (
      <ConfirmView
        appName={request.data?.app_name ?? ''}
        busy={decide.isPending}
        onAllow={() => (enabled.length === 1 ? hand(enabled[0]) : setChoosing(true))}
        onRefuse={refuse}
      />
    );
  }
  return (
    <Card title={t('approve.title')} style={{ maxWidth: 640, margin: '0 auto' }}>
      {body}
    </Card>
  );
}
