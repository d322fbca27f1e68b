import { Checkbox, Form } from 'antd';
import { Trans, useTranslation } from 'react-i18next';

/** The form field name of the consent checkbox; its value is never sent. */
export const LEGAL_CONSENT_FIELD = 'legal_consent';

interface LegalConsentProps {
  userAgreement: boolean;
  privacyPolicy: boolean;
}

/**
 * The required "I have read and agree" checkbox of registration, naming only the documents the site has
 * set (status user_agreement_enabled / privacy_policy_enabled); each opens its page in a new tab.
 * Rendered inside a registration form, it blocks submitting until ticked.
 */
export function LegalConsent({ userAgreement, privacyPolicy }: LegalConsentProps) {
  const { t } = useTranslation('auth');
  if (!userAgreement && !privacyPolicy) return null;
  const key = userAgreement && privacyPolicy ? 'register.agreeBoth' : userAgreement ? 'register.agreeUserAgreement' : 'register.agreePrivacyPolicy';
  return (
    <div data-testid="legal-consent">
      <Form.Item
        name={LEGAL_CONSENT_FIELD}
        valuePropName="checked"
        rules={[{ validator: (_r, value) => (value === true ? Promise.resolve() : Promise.reject(new Error(t('register.agreeRequired')))) }]}
      >
        <Checkbox>
          <Trans
            t={t}
            i18nKey={key}
            components={{
              // The children come from the translation.
              ua: <a href="/user-agreement" target="_blank" rel="noopener noreferrer" />,
              pp: <a href="/privacy-policy" target="_blank" rel="noopener noreferrer" />,
            }}
          />
        </Checkbox>
      </Form.Item>
    </div>
  );
}
