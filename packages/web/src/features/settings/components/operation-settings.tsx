import { Flex } from 'antd';
import { ChannelAffinitySection } from './operation/channel-affinity-section';
import { ChatsSection } from './operation/chats-section';
import { CheckinSection } from './operation/checkin-section';
import { DataExportSection } from './operation/data-export-section';
import { DrawingSection } from './operation/drawing-section';
import { GeneralSection } from './operation/general-section';
import { HeaderNavSection } from './operation/header-nav-section';
import { LogSection } from './operation/log-section';
import { MonitoringSection } from './operation/monitoring-section';
import { PricingBlock } from './operation/pricing-block';
import { QuotaDisplaySection } from './operation/quota-display-section';
import { QuotaSection } from './operation/quota-section';
import { ResponseCacheSection } from './operation/response-cache-section';
import { SensitiveSection } from './operation/sensitive-section';
import { SidebarModulesSection } from './operation/sidebar-modules-section';

/** The "operation" tab: day-to-day running of the site, then the pricing block. */
export function OperationSettings({ options }: { options: Record<string, string> }) {
  return (
    <Flex vertical gap={16}>
      <GeneralSection options={options} />
      <QuotaDisplaySection options={options} />
      <HeaderNavSection options={options} />
      <SidebarModulesSection options={options} />
      <DrawingSection options={options} />
      <SensitiveSection options={options} />
      <LogSection options={options} />
      <DataExportSection options={options} />
      <MonitoringSection options={options} />
      <ChannelAffinitySection options={options} />
      <ResponseCacheSection options={options} />
      <QuotaSection options={options} />
      <CheckinSection options={options} />
      <ChatsSection options={options} />
      <PricingBlock options={options} />
    </Flex>
  );
}
