import { newestFirst, type SiteStatus } from '@gw/contracts';
import type { OptionsService } from '../options/options.service.js';

type ConsoleContentStatus = Pick<SiteStatus, 'api_info_enabled' | 'announcements_enabled' | 'faq_enabled' | 'uptime_kuma_enabled' | 'api_info' | 'announcements' | 'faq'>;

/**
 * The dashboard panels' part of GET /api/status (new-api §6.2): the four switches, and each list only
 * while its panel is on. Announcements come newest first. Uptime Kuma addresses are never published.
 */
export function consoleContentStatus(o: OptionsService): ConsoleContentStatus {
  const status: ConsoleContentStatus = {
    api_info_enabled: o.get('console_setting.api_info_enabled'),
    announcements_enabled: o.get('console_setting.announcements_enabled'),
    faq_enabled: o.get('console_setting.faq_enabled'),
    uptime_kuma_enabled: o.get('console_setting.uptime_kuma_enabled'),
  };
  if (status.api_info_enabled) status.api_info = o.get('console_setting.api_info');
  if (status.announcements_enabled) status.announcements = newestFirst(o.get('console_setting.announcements'));
  if (status.faq_enabled) status.faq = o.get('console_setting.faq');
  return status;
}
