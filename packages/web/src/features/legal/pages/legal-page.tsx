import { Empty, Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { legalQueries, type LegalDocumentKind } from '../api/legal.queries';
import { LegalDocument } from '../components/legal-document';

function LegalPage({ kind }: { kind: LegalDocumentKind }) {
  const { t } = useTranslation('home');
  const doc = useQuery(legalQueries.document(kind));
  const title = kind === 'user-agreement' ? t('legal.userAgreement') : t('legal.privacyPolicy');
  if (doc.isPending) return <PageSpinner />;
  const content = doc.data ?? '';
  return (
    <Flex vertical gap={16}>
      {content.trim() ? <LegalDocument title={title} content={content} /> : <Empty description={t('legal.notSet', { title })} />}
    </Flex>
  );
}

/** /user-agreement: the site's user agreement (option legal.user_agreement). */
export function UserAgreementPage() {
  return <LegalPage kind="user-agreement" />;
}

/** /privacy-policy: the site's privacy policy (option legal.privacy_policy). */
export function PrivacyPolicyPage() {
  return <LegalPage kind="privacy-policy" />;
}
