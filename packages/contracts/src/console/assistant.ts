import { z } from 'zod';

/**
 * Assistant configuration (spec 3 §2.15, §2.17, §3, §5): suggested prompts, AI roles and the agent
 * marketplace. Messages of spec 3 §5 / §8 are Chinese only and kept as written.
 */

/** Success messages (spec 3 §8). */
export const AssistantMessage = {
  Added: '添加成功',
  Updated: '更新成功',
  Deleted: '删除成功',
  AppCreated: '应用创建成功',
  AppUpdated: '应用更新成功',
  AppDeleted: '应用删除成功',
  AppsBatchDeleted: '批量删除成功',
} as const;

// ---------------------------------------------------------------- suggested prompts

export const PROMPT_PLATFORMS = ['win32', 'darwin'] as const;
export type PromptPlatform = (typeof PROMPT_PLATFORMS)[number];
export const PROMPT_TITLE_REQUIRED = '标题不能为空';
export const PROMPT_MCP_REQUIRED = 'MCP不能为空';
export const PROMPT_INSTRUCTION_REQUIRED = '指令不能为空';

export interface PromptFacet {
  type: 'demo-file';
  value: string;
}

/**
 * A suggested prompt. GET /api/prompt/suggest answers SuggestedPromptView[] ordered by `sort` descending
 * then id: administrators get all, other signed-in users only released ones; `?platform=win32|darwin`
 * keeps prompts for that platform (or for every platform: empty list). POST / PUT answer one.
 */
export interface SuggestedPromptView {
  id: number;
  title: string;
  mcp: string[];
  instruction: string;
  version: string;
  sort: number;
  platform: PromptPlatform[];
  release: boolean;
  facets: PromptFacet[];
  tags: string[];
  result_link: string;
  created_at: number;
}

const StringList = (field: string, max = 100) =>
  z
    .array(z.string({ error: `${field} must be a list of strings` }).trim().min(1).max(200), { error: `${field} must be a list of strings` })
    .max(max, `${field}: at most ${max} entries`)
    .transform((l) => [...new Set(l)]);

/** POST /api/prompt/suggest and PUT /api/prompt/suggest/{id} (admin). title, mcp (≥ 1 entry) and instruction are required. */
export const SuggestedPromptBody = z.object({
  title: z.string({ error: PROMPT_TITLE_REQUIRED }).trim().min(1, PROMPT_TITLE_REQUIRED).max(255, 'title must be at most 255 characters'),
  mcp: z
    .array(z.string({ error: PROMPT_MCP_REQUIRED }).trim().min(1, PROMPT_MCP_REQUIRED).max(200), { error: PROMPT_MCP_REQUIRED })
    .min(1, PROMPT_MCP_REQUIRED)
    .max(100, 'mcp: at most 100 entries')
    .transform((l) => [...new Set(l)]),
  instruction: z.string({ error: PROMPT_INSTRUCTION_REQUIRED }).trim().min(1, PROMPT_INSTRUCTION_REQUIRED).max(20_000, 'instruction is too long'),
  version: z.string({ error: 'version must be text' }).trim().max(64, 'version must be at most 64 characters').optional().default(''),
  sort: z.coerce.number({ error: 'sort must be an integer' }).int('sort must be an integer').min(-1_000_000_000).max(1_000_000_000).optional().default(0),
  platform: z.array(z.enum(PROMPT_PLATFORMS, { error: 'platform must be win32 or darwin' }), { error: 'platform must be a list' }).optional().default([]).transform((l) => [...new Set(l)]),
  release: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'release must be true or false' }).transform((v) => v === true || v === 1).optional().default(false),
  facets: z
    .array(z.object({ type: z.literal('demo-file', { error: 'facet type must be demo-file' }), value: z.string({ error: 'facet value is required' }).trim().min(1, 'facet value is required').max(1000) }), { error: 'facets must be a list' })
    .max(50, 'at most 50 facets')
    .optional()
    .default([]),
  tags: StringList('tags').optional().default([]),
  result_link: z.string({ error: 'result_link must be text' }).trim().max(512, 'result_link must be at most 512 characters').optional().default(''),
});
export type SuggestedPromptBody = z.infer<typeof SuggestedPromptBody>;

export const PromptListQuery = z.object({ platform: z.enum(['', ...PROMPT_PLATFORMS]).optional().default('') });
export type PromptListQuery = z.infer<typeof PromptListQuery>;

// ---------------------------------------------------------------- AI roles

/** Spec 3 §5 / §8: the role content is not valid TOML (or nests deeper than ROLE_TOML_MAX_DEPTH). */
export const ROLE_FORMAT_INVALID = '角色格式不正确';
export const ROLE_NAME_REQUIRED = '角色名称不能为空';
export const ROLE_CONTENT_REQUIRED = '角色内容不能为空';
/** Spec 3 §9: TOML parsing maximum depth. */
export const ROLE_TOML_MAX_DEPTH = 1000;
export const ROLE_CONTENT_MAX = 100_000;

/**
 * An AI role. `role` is the content as JSON text (parsed from the TOML the administrator wrote).
 * GET /api/ai-role/admin/ answers { data: AiRoleView[], total } (spec: "list in data.data"); GET /api/ai-role/
 * (signed-in users) the same shape; POST / PUT answer one.
 */
export interface AiRoleView {
  id: number;
  role_name: string;
  role: string;
  /** The same content written back as TOML, for the edit dialog. */
  role_toml: string;
  type: number;
  quota: number;
  created_at: number;
}

export interface AiRoleList {
  data: AiRoleView[];
  total: number;
}

/**
 * POST /api/ai-role/admin/ (role_name, role) and PUT /api/ai-role/admin/{id} (role_name, role, type, quota).
 * `role` is TOML text (a JSON object is accepted too); it must describe a table, else ROLE_FORMAT_INVALID.
 */
export const AiRoleBody = z.object({
  role_name: z.string({ error: ROLE_NAME_REQUIRED }).trim().min(1, ROLE_NAME_REQUIRED).max(128, '角色名称最多128个字符'),
  role: z.union([
    z.string({ error: ROLE_CONTENT_REQUIRED }).trim().min(1, ROLE_CONTENT_REQUIRED).max(ROLE_CONTENT_MAX, ROLE_FORMAT_INVALID),
    z.record(z.string(), z.unknown()),
  ], { error: ROLE_CONTENT_REQUIRED }),
  type: z.coerce.number({ error: 'type must be an integer' }).int('type must be an integer').min(0).max(1_000_000).optional().default(0),
  quota: z.coerce.number({ error: 'quota must be an integer' }).int('quota must be an integer').min(0, 'quota must not be negative').max(Number.MAX_SAFE_INTEGER).optional().default(0),
});
export type AiRoleBody = z.infer<typeof AiRoleBody>;

// ---------------------------------------------------------------- applications (agent marketplace)

export const APPLICATION_TYPES = ['conversation-tool', 'webview'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
export const APP_NAME_REQUIRED = '应用名称不能为空';
export const APP_DISPLAY_NAME_REQUIRED = '显示名称不能为空';
export const APP_VERSION_REQUIRED = '版本号不能为空';
export const APP_DXT_URL_REQUIRED = 'DXT地址不能为空';
export const APP_NAME_TAKEN = '应用名称已存在';
export const APP_TYPE_INVALID = '应用类型不正确';
export const APP_NONE_SELECTED = '请选择要删除的应用';
/** Spec 3 §9: characters of the hash used in the default package address. */
export const APP_DEFAULT_URL_HASH_LENGTH = 12;

/**
 * An agent-marketplace application. GET /api/application/admin/ answers PageResult<ApplicationView>
 * (p, page_size, `keyword` = part of name or display name) ordered by rank descending then id;
 * GET /api/application/ (signed-in users) answers ApplicationView[] of the caller's group (empty
 * app_groups = every group), same order. POST / PUT answer one.
 */
export interface ApplicationView {
  id: number;
  name: string;
  display_name: string;
  version: string;
  description: string;
  homepage: string;
  dxt_url: string;
  type: ApplicationType;
  rank: number;
  app_groups: string[];
  keywords: string[];
  created_at: number;
}

const Required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `${message}（最多${max}个字符）`);

/** A list, or a comma-separated string (keywords are shown comma-joined). */
const ListOrCsv = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[,，]/) : v === null || v === undefined ? [] : v),
    z.array(z.string({ error: `${field} must be a list of strings` }).trim().max(100), { error: `${field} must be a list of strings` }).max(100, `${field}: at most 100 entries`),
  ).transform((l) => [...new Set(l.filter(Boolean))]);

/** POST /api/application/admin/ and PUT /api/application/admin/{id} (admin). Text is trimmed; `rank` is parsed as an integer (default 0). */
export const ApplicationBody = z.object({
  name: Required(APP_NAME_REQUIRED, 128),
  display_name: Required(APP_DISPLAY_NAME_REQUIRED, 255),
  version: Required(APP_VERSION_REQUIRED, 64),
  dxt_url: Required(APP_DXT_URL_REQUIRED, 512),
  description: z.string({ error: 'description must be text' }).trim().max(10_000, 'description is too long').nullish().transform((v) => v ?? ''),
  homepage: z.string({ error: 'homepage must be text' }).trim().max(512, 'homepage must be at most 512 characters').nullish().transform((v) => v ?? ''),
  type: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'conversation-tool' : v), z.enum(APPLICATION_TYPES, { error: APP_TYPE_INVALID })),
  rank: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number.parseInt(v, 10) : v),
    z.number({ error: 'rank must be an integer' }).int('rank must be an integer').min(-1_000_000_000).max(1_000_000_000),
  ),
  app_groups: ListOrCsv('app_groups'),
  keywords: ListOrCsv('keywords'),
});
export type ApplicationBody = z.infer<typeof ApplicationBody>;

/** POST /api/application/admin/batch (admin): deletes these applications; empty = APP_NONE_SELECTED. Answers the number deleted. */
export const ApplicationBatchDeleteBody = z.object({
  ids: z
    .array(z.coerce.number().int().positive('ids must be positive integers'), { error: APP_NONE_SELECTED })
    .min(1, APP_NONE_SELECTED)
    .max(1000, 'at most 1000 applications per call'),
});
export type ApplicationBatchDeleteBody = z.infer<typeof ApplicationBatchDeleteBody>;

export const ApplicationListQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });
export type ApplicationListQuery = z.infer<typeof ApplicationListQuery>;
