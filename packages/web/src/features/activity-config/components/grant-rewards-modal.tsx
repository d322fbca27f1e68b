import { useEffect, useState } from 'react';
import { Button, Flex, Input, Modal, Table, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActivityView, UserView } from '@gw/contracts';
import { fitScreen } from '../../../components/responsive';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { USER_PICKER_PAGE_SIZE } from '../api/activities.api';
import { activityQueries, useRewardActivityUsers } from '../api/activities.queries';

/**
 * Grants the activity's reward to the users picked here (POST /api/activity/reward). Users are searched
 * by keyword 100 a page; the selection is kept across pages and searches.
 */
export function GrantRewardsModal({ activity, onClose }: { activity: ActivityView | null; onClose: () => void }) {
  const { t } = useTranslation('activityConfig');
  const formatQuota = useQuotaFormatter();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const reward = useRewardActivityUsers();
  const users = useQuery({ ...activityQueries.userSearch(keyword, page), enabled: activity !== null });

  useEffect(() => {
    if (activity) {
      setDraft('');
      setKeyword('');
      setPage(1);
      setSelected([]);
    }
  }, [activity]);

  const submit = () => {
    if (!activity) return;
    if (selected.length === 0) return notifyError(t('reward.selectUsers'));
    reward.mutate(
      { activity_id: activity.id, user_ids: selected },
      {
        onSuccess: (result) => {
          notifySuccess(t('reward.granted', { count: result?.rewarded.length ?? 0, already: result?.already_rewarded.length ?? 0 }));
          onClose();
        },
      },
    );
  };

  const pageIds = new Set((users.data?.items ?? []).map((u) => u.id));
  return (
    <Modal
      open={activity !== null}
      title={t('reward.title', { name: activity?.name ?? '' })}
      onCancel={onClose}
      width={fitScreen(760)}
      okText={t('reward.submit', { count: selected.length })}
      cancelText={t('form.cancel')}
      okButtonProps={{ loading: reward.isPending }}
      onOk={submit}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('reward.hint', { amount: formatQuota(activity?.quota ?? 0) })}</Typography.Text>
        <Flex gap={8}>
          <Input
            allowClear
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={() => {
              setKeyword(draft.trim());
              setPage(1);
            }}
            prefix={<SearchOutlined />}
            placeholder={t('reward.search')}
            aria-label={t('reward.search')}
          />
          <Button
            icon={<SearchOutlined />}
            onClick={() => {
              setKeyword(draft.trim());
              setPage(1);
            }}
          >
            {t('search.query')}
          </Button>
        </Flex>
        <Table<UserView>
          rowKey="id"
          size="small"
          loading={users.isFetching}
          dataSource={users.data?.items ?? []}
          scroll={{ y: 360 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected((prev) => [...prev.filter((id) => !pageIds.has(id)), ...keys.map(Number)]),
          }}
          columns={[
            { title: t('reward.columns.id'), dataIndex: 'id', width: 80 },
            { title: t('reward.columns.username'), dataIndex: 'username' },
            { title: t('reward.columns.displayName'), dataIndex: 'display_name' },
            { title: t('reward.columns.group'), dataIndex: 'group' },
          ]}
          pagination={{
            current: page,
            pageSize: USER_PICKER_PAGE_SIZE,
            total: users.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </Flex>
    </Modal>
  );
}
