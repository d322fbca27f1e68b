import { useState } from 'react';
import { Button, Form, Select } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FETCH_MODELS_FAILED } from '@gw/contracts';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { fetchUpstreamModels } from '../../api/channels.api';
import { normaliseBaseUrl, type ChannelFormValues } from '../../channel-form';
import { ModelsInput } from '../models-input';
import { PrefillModelsPicker } from '../prefill-group-pickers';

/**
 * The channel's models with fetch-from-upstream: asks with the entered type, base URL, key and proxy (an
 * edit with a blank key uses the stored key). Then the test model.
 */
export function ChannelModelsField({ channelId }: { channelId: number | null }) {
  const { t } = useTranslation('channels');
  const form = Form.useFormInstance<ChannelFormValues>();
  const models = Form.useWatch('models', form) ?? [];
  const [fetched, setFetched] = useState<string[]>([]);
  const [fetching, setFetching] = useState(false);

  const fetchModels = async () => {
    const { type, base_url, key } = form.getFieldsValue(['type', 'base_url', 'key']) as Pick<ChannelFormValues, 'type' | 'base_url' | 'key'>;
    const proxy = form.getFieldValue(['settings', 'proxy']) as string | undefined;
    if (channelId === null && !key?.trim()) return notifyError(t('problems.keyRequired'));
    setFetching(true);
    try {
      const names = await fetchUpstreamModels({ id: channelId ?? undefined, type, base_url: normaliseBaseUrl(base_url), key: key ?? '', proxy });
      setFetched(names);
      form.setFieldValue('models', names);
      notifySuccess(t('models.fetched', { count: names.length }));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      // The server's answer already names the failure; anything else (network) gets the spec's wording.
      notifyError(reason.startsWith(FETCH_MODELS_FAILED) ? reason : t('models.fetchFailed', { reason }));
    } finally {
      setFetching(false);
    }
  };

  return (
    <>
      <Form.Item name="models" label={t('form.models')} required>
        <ModelsInput
          options={fetched}
          placeholder={t('form.modelsPlaceholder')}
          actions={
            <>
              <Button size="small" type="primary" ghost icon={<CloudDownloadOutlined />} loading={fetching} onClick={() => void fetchModels()}>
                {t('models.fetch')}
              </Button>
              <PrefillModelsPicker value={models} onChange={(next) => form.setFieldValue('models', next)} />
            </>
          }
        />
      </Form.Item>
      <Form.Item name="test_model" label={t('form.testModel')} extra={t('form.testModelHelp')}>
        <Select allowClear showSearch options={models.map((m) => ({ value: m, label: m }))} placeholder={t('form.testModelPlaceholder')} />
      </Form.Item>
    </>
  );
}
