import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { MULTI_KEY_MODES } from '@gw/contracts';
import type { ChannelFormValues } from '../../channel-form';
import { showsKeySelection } from '../../channel-keys-text';

/** How a channel holding several keys picks one (`multi_key_mode`); shown only while there are several keys. */
export function KeySelectionField({ storedMultiKey }: { storedMultiKey: boolean }) {
  const { t } = useTranslation('channels');
  const form = Form.useFormInstance<ChannelFormValues>();
  const keyText = Form.useWatch('key', form);
  const batch = Form.useWatch('batch', form) ?? false;
  if (!showsKeySelection({ keyText, batch, storedMultiKey })) return null;
  return (
    <Form.Item name="multi_key_mode" label={t('keySelection.label')} extra={t('keySelection.help')}>
      <Radio.Group options={MULTI_KEY_MODES.map((mode) => ({ value: mode, label: t(`keySelection.${mode}`) }))} />
    </Form.Item>
  );
}
