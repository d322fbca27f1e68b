import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { orderRangeChanges } from '../../option-ranges';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, JsonOption, NumberOption } from '../option-inputs';

const MIN = 'checkin_setting.min_quota';
const MAX = 'checkin_setting.max_quota';
const FIELDS = {
  'checkin_setting.enabled': 'bool',
  [MIN]: 'number',
  [MAX]: 'number',
  'checkin_setting.group_quotas': 'json',
} as const;

/** Daily check-in (new-api's checkin_setting): the switch, the range of the random reward and per-group ranges. */
export function CheckinSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection
      title={t('checkin.title')}
      fields={FIELDS}
      options={options}
      testId="settings-checkin"
      orderChanges={(changes, saved) => orderRangeChanges(changes, saved, { min: MIN, max: MAX })}
    >
      <BoolOption name="checkin_setting.enabled" label={t('checkin.enabled')} help={t('checkin.enabledHelp')} />
      <FieldGrid>
        <GridCell>
          <NumberOption name={MIN} label={t('checkin.minQuota')} min={0} required />
        </GridCell>
        <GridCell>
          <Form.Item
            name={MAX}
            label={t('checkin.maxQuota')}
            dependencies={[MIN]}
            rules={[
              { required: true, message: t('validation.required') },
              ({ getFieldValue }) => ({
                validator: (_r, value: number | null) =>
                  value === null || value === undefined || value >= Number(getFieldValue(MIN) ?? 0) ? Promise.resolve() : Promise.reject(new Error(t('checkin.maxBelowMin'))),
              }),
            ]}
          >
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </GridCell>
      </FieldGrid>
      <JsonOption name="checkin_setting.group_quotas" label={t('checkin.groupQuotas')} help={t('checkin.groupQuotasHelp')} rows={4} />
    </OptionsSection>
  );
}
