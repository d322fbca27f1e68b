import { z } from 'zod';

/**
 * The dashboard's console content (new-api's `console_setting.*`): API addresses, announcements, FAQ and
 * the Uptime Kuma status pages. Each list is the JSON of one option; the limits are new-api's.
 */

export const API_INFO_MAX = 50;
export const ANNOUNCEMENTS_MAX = 100;
export const FAQ_MAX = 100;
export const UPTIME_KUMA_GROUPS_MAX = 20;

/** The colour names new-api's console offers for an API address's route label. */
export const API_INFO_COLORS = [
  'blue', 'green', 'cyan', 'purple', 'pink', 'red', 'orange', 'amber', 'yellow', 'lime',
  'light-green', 'teal', 'light-blue', 'indigo', 'violet', 'grey', 'slate',
] as const;
export type ApiInfoColor = (typeof API_INFO_COLORS)[number];

export const ANNOUNCEMENT_TYPES = ['default', 'ongoing', 'success', 'warning', 'error'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Text new-api refuses in labels shown to every user (they are plain text here, but kept compatible). */
const UNSAFE_MARKERS = ['<script', '<iframe', 'javascript:', 'onload=', 'onerror=', 'onclick='];

/** True for an absolute http(s) address with a host and no credentials. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** True for an RFC 3339 date-time such as 2025-06-01T08:00:00Z (what new-api's `publishDate` holds). */
export function isRfc3339(text: string): boolean {
  return RFC3339.test(text) && !Number.isNaN(Date.parse(text));
}

const required = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optional = (max: number) =>
  z.string({ error: 'must be a string' }).trim().max(max, `must be at most ${max} characters`).nullish().transform((v) => v ?? '');
const safeText = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((v) => !UNSAFE_MARKERS.some((m) => v.toLowerCase().includes(m)), 'must not contain scripts or event handlers');
const httpUrl = required(500).refine(isHttpUrl, 'must be an http:// or https:// address');
/** new-api's console gives list items an id; it is kept so its editor still finds them. */
const itemId = z.union([z.number(), z.string()]).optional();

export const ApiInfoItem = z.object({
  id: itemId,
  url: httpUrl,
  route: safeText(required(100)),
  description: safeText(required(200)),
  color: z.enum(API_INFO_COLORS, { error: `must be one of ${API_INFO_COLORS.join(', ')}` }),
});
export type ApiInfoItem = z.output<typeof ApiInfoItem>;

export const Announcement = z.object({
  id: itemId,
  /** Plain text or HTML. */
  content: required(500),
  publishDate: z.string({ error: 'is required' }).trim().min(1, 'is required').refine(isRfc3339, 'must be an RFC 3339 date-time (e.g. 2025-06-01T08:00:00Z)'),
  type: z.enum(ANNOUNCEMENT_TYPES, { error: `must be one of ${ANNOUNCEMENT_TYPES.join(', ')}` }).nullish().transform((v) => v ?? 'default'),
  extra: optional(200),
});
export type Announcement = z.output<typeof Announcement>;

export const FaqItem = z.object({
  id: itemId,
  question: required(200),
  /** Plain text or HTML. */
  answer: required(1000),
});
export type FaqItem = z.output<typeof FaqItem>;

export const UptimeKumaGroup = z.object({
  id: itemId,
  categoryName: safeText(required(50)),
  /** The Uptime Kuma server, e.g. https://status.example.com. */
  url: httpUrl,
  /** The status page's slug on that server. */
  slug: required(100).regex(/^[a-zA-Z0-9_-]+$/, 'must contain only letters, digits, "_" and "-"'),
  description: safeText(optional(200)),
});
export type UptimeKumaGroup = z.output<typeof UptimeKumaGroup>;

const listOf = <T extends z.ZodType>(item: T, max: number) => z.array(item, { error: 'must be a JSON list' }).max(max, `must have at most ${max} entries`);

export const ApiInfoList = listOf(ApiInfoItem, API_INFO_MAX);
export const AnnouncementList = listOf(Announcement, ANNOUNCEMENTS_MAX);
export const FaqList = listOf(FaqItem, FAQ_MAX);
export const UptimeKumaGroupList = listOf(UptimeKumaGroup, UPTIME_KUMA_GROUPS_MAX).superRefine((groups, ctx) => {
  const seen = new Set<string>();
  groups.forEach((g, i) => {
    if (seen.has(g.categoryName)) ctx.addIssue({ code: 'custom', path: [i, 'categoryName'], message: 'must not repeat the name of another group' });
    seen.add(g.categoryName);
  });
});

/** Announcements newest first, as the dashboard shows them. */
export function newestFirst(list: readonly Announcement[]): Announcement[] {
  return [...list].sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
}

/** Uptime Kuma's heartbeat states. */
export const MonitorStatus = { Down: 0, Up: 1, Pending: 2, Maintenance: 3 } as const;

/** One monitor of a status page (`GET /api/uptime/status`). */
export interface UptimeMonitor {
  name: string;
  /** The newest heartbeat's state (MonitorStatus); Pending while the monitor has none. */
  status: number;
  /** The 24-hour uptime as a fraction (0.998 = 99.8 %). */
  uptime: number;
  /** The status page group the monitor is listed under. */
  group?: string;
}

/** One configured status page: its monitors, or `error` when the page could not be read. */
export interface UptimeGroupResult {
  categoryName: string;
  description?: string;
  monitors: UptimeMonitor[];
  error?: string;
}
