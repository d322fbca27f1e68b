import { Button, Flex, Input } from 'antd';
import { ApartmentOutlined, CloudSyncOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface ModelMetaToolbarProps {
  keyword: string;
  onSearch: (keyword: string) => void;
  onAdd: () => void;
  onMissing: () => void;
  onVendors: () => void;
  onSync: () => void;
}

/** Keyword search; add an entry, the missing models, the vendor manager and the sync with the official metadata. */
export function ModelMetaToolbar({ keyword, onSearch, onAdd, onMissing, onVendors, onSync }: ModelMetaToolbarProps) {
  const { t } = useTranslation('modelMetadata');
  return (
    <Flex wrap gap={12} justify="space-between">
      <Input.Search
        key={keyword}
        defaultValue={keyword}
        allowClear
        placeholder={t('search.keyword')}
        aria-label={t('search.keyword')}
        onSearch={(value) => onSearch(value.trim())}
        style={{ width: 300, maxWidth: '100%' }}
      />
      <Flex wrap gap={8}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="model-meta-add">
          {t('toolbar.add')}
        </Button>
        <Button icon={<QuestionCircleOutlined />} onClick={onMissing} data-testid="model-meta-missing">
          {t('toolbar.missing')}
        </Button>
        <Button icon={<ApartmentOutlined />} onClick={onVendors} data-testid="model-meta-vendors">
          {t('toolbar.vendors')}
        </Button>
        <Button icon={<CloudSyncOutlined />} onClick={onSync} data-testid="model-meta-sync">
          {t('toolbar.sync')}
        </Button>
      </Flex>
    </Flex>
  );
}
