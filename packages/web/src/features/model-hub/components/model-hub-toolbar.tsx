import { Flex, Input, Select, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface ModelHubToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  group: string;
  groups: Record<string, number>;
  onGroup: (group: string) => void;
  /** The signed-in user's group and its ratio; absent when signed out. */
  user?: { group: string; ratio: number };
}

/** Search box, the group whose ratio the prices use, and (signed in) the user's own group and ratio. */
export function ModelHubToolbar({ search, onSearch, group, groups, onGroup, user }: ModelHubToolbarProps) {
  const { t } = useTranslation('modelHub');
  return (
    <Flex wrap gap={12} align="center" justify="space-between">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        style={{ width: 320, maxWidth: '100%' }}
        aria-label={t('search.placeholder')}
      />
      <Flex wrap gap={12} align="center">
        {user && (
          <Typography.Text data-testid="model-hub-user-group">
            {t('group.yours')} <Tag color="blue">{user.group}</Tag>
            {t('group.ratio', { ratio: user.ratio })}
          </Typography.Text>
        )}
        {Object.keys(groups).length > 0 && (
          <Select
            value={group}
            onChange={onGroup}
            style={{ minWidth: 180 }}
            aria-label={t('group.select')}
            options={Object.entries(groups).map(([name, ratio]) => ({ value: name, label: t('group.option', { name, ratio }) }))}
          />
        )}
      </Flex>
    </Flex>
  );
}
