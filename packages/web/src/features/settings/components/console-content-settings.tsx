import { Flex } from 'antd';
import { AnnouncementsSection } from './console-content/announcements-section';
import { ApiInfoSection } from './console-content/api-info-section';
import { FaqSection } from './console-content/faq-section';
import { UptimeKumaSection } from './console-content/uptime-kuma-section';

/** The "dashboard" tab: what the console's dashboard shows besides usage (new-api's console settings). */
export function ConsoleContentSettings({ options }: { options: Record<string, string> }) {
  return (
    <Flex vertical gap={16}>
      <ApiInfoSection options={options} />
      <AnnouncementsSection options={options} />
      <FaqSection options={options} />
      <UptimeKumaSection options={options} />
    </Flex>
  );
}
