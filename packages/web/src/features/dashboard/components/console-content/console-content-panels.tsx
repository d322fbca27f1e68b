import type { ReactNode } from 'react';
import { Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { SiteStatus } from '../../../status/api/site-status';
import { uptimeQueries } from '../../api/uptime.queries';
import { AnnouncementsCard } from './announcements-card';
import { ApiInfoCard } from './api-info-card';
import { FaqCard } from './faq-card';
import { UptimeCard } from './uptime-card';

/** The administrator's dashboard panels (console_setting.*): each shown while enabled and not empty. */
export function ConsoleContentPanels({ status }: { status: SiteStatus }) {
  const uptime = useQuery({ ...uptimeQueries.status(), enabled: Boolean(status.uptime_kuma_enabled) });
  const panels: { key: string; node: ReactNode }[] = [];
  if (status.api_info_enabled && status.api_info?.length) panels.push({ key: 'api', node: <ApiInfoCard items={status.api_info} /> });
  if (status.announcements_enabled && status.announcements?.length) panels.push({ key: 'announcements', node: <AnnouncementsCard items={status.announcements} /> });
  if (status.faq_enabled && status.faq?.length) panels.push({ key: 'faq', node: <FaqCard items={status.faq} /> });
  if (status.uptime_kuma_enabled && uptime.data?.length) {
    panels.push({ key: 'uptime', node: <UptimeCard groups={uptime.data} refreshing={uptime.isFetching} onRefresh={() => void uptime.refetch()} /> });
  }
  if (panels.length === 0) return null;
  return (
    <Row gutter={[16, 16]}>
      {panels.map((p) => (
        <Col key={p.key} xs={24} xl={12}>
          {p.node}
        </Col>
      ))}
    </Row>
  );
}
