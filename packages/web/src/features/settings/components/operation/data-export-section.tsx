import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, NumberOption } from '../option-inputs';

const FIELDS = { DataExportEnabled: 'bool', DataExportInterval: 'number', DataExportDefaultTime: 'text' } as const;
const GRANULARITIES = ['hour', 'day', 'week'] as const;

/** The usage dashboard's data export: on/off, interval (minutes, ≥ 1) and default granularity. */
export function DataExportSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('dataExport.title')} fields={FIELDS} options={options} testId="settings-data-export">
      <BoolOption name="DataExportEnabled" label={t('dataExport.enabled')} />
      <FieldGrid>
        <GridCell>
          <NumberOption name="DataExportInterval" label={t('dataExport.interval')} help={t('dataExport.intervalHelp')} min={1} required />
        </GridCell>
        <GridCell>
          <Form.Item name="DataExportDefaultTime" label={t('dataExport.defaultTime')}>
            <Select options={GRANULARITIES.map((g) => ({ value: g, label: t(`dataExport.granularity.${g}`) }))} />
          </Form.Item>
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}
