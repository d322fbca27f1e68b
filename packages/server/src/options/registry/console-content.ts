import { AnnouncementList, ApiInfoList, FaqList, UptimeKumaGroupList, type Announcement, type ApiInfoItem, type FaqItem, type UptimeKumaGroup } from '@gw/contracts';
import { bool, json } from '../option-def.js';

/**
 * The dashboard's console content (new-api's console_setting.*): each list is JSON, checked against the
 * contract's item schema and new-api's limits; each panel has its own switch (on by default, as in new-api).
 */
export const consoleContentOptions = {
  'console_setting.api_info_enabled': bool(true),
  'console_setting.api_info': json<ApiInfoItem[]>([], ApiInfoList),
  'console_setting.announcements_enabled': bool(true),
  'console_setting.announcements': json<Announcement[]>([], AnnouncementList),
  'console_setting.faq_enabled': bool(true),
  'console_setting.faq': json<FaqItem[]>([], FaqList),
  'console_setting.uptime_kuma_enabled': bool(true),
  'console_setting.uptime_kuma_groups': json<UptimeKumaGroup[]>([], UptimeKumaGroupList),
};
