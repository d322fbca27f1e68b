import { Button, Checkbox, Flex, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnVisibility } from './use-column-visibility';

export interface ColumnChoice {
  key: string;
  title: string;
}

/** A button opening a checkbox list of columns; unchecking hides a column (and is remembered). */
export function ColumnSettings({ columns, visibility }: { columns: ColumnChoice[]; visibility: ColumnVisibility }) {
  const { t } = useTranslation();
  const visible = columns.filter((c) => visibility.isVisible(c.key)).map((c) => c.key);
  const content = (
    <Flex vertical gap={8} style={{ maxWidth: 240 }}>
      <Checkbox.Group
        value={visible}
        onChange={(checked) => visibility.setHidden(columns.map((c) => c.key).filter((k) => !checked.includes(k)))}
        style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        options={columns.map((c) => ({ value: c.key, label: c.title }))}
      />
      <Button size="small" onClick={() => visibility.setHidden([])}>
        {t('columns.showAll')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns.title')} content={content}>
      <Button icon={<SettingOutlined />} data-testid="column-settings">
        {t('columns.title')}
      </Button>
    </Popover>
  );
}
