import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** bigint columns come back as numbers (see database.ts type parsers). */
type Int = number;
type Id = Generated<number>;
type Default<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Id;
  username: string;
  password: Default<string>;
  display_name: Default<string>;
  role: Default<number>;
  status: Default<number>;
  email: Default<string>;
  phone: Default<string>;
  github_id: Default<string>;
  oidc_id: Default<string>;
  wechat_id: Default<string>;
  telegram_id: Default<string>;
  google_id: Default<string>;
  linux_do_id: Default<string>;
  discord_id: Default<string>;
  access_token_hash: string | null;
  quota: Default<Int>;
  used_quota: Default<Int>;
  request_count: Default<Int>;
  group: Default<string>;
  remarks: Default<string>;
  aff_code: string;
  aff_count: Default<Int>;
  aff_quota: Default<Int>;
  aff_history_quota: Default<Int>;
  activity_quota: Default<Int>;
  activity_history_quota: Default<Int>;
  history_fuel_pack_quota: Default<Int>;
  /** Unix seconds of the last fuel-pack claim; 0 = never. */
  last_fuel_pack_at: Default<Int>;
  inviter_id: Default<Int>;
  created_at: Default<Int>;
  login_ip: Default<string>;
  last_login_at: Default<Int>;
  deleted_at: Int | null;
  setting: string | null;
  /** Sealed HMAC key of the user's quota webhook ('' = none); never part of a user view. */
  notify_webhook_secret: Default<string>;
  /** Latest end (unix seconds) of the user's active subscriptions; 0 = none (subscriptions/). */
  subscription_until: Default<Int>;
  /** Spending limit of all the user's keys per budget_period ('', daily, weekly, monthly); 0 = none (billing/spending-limit.ts). */
  budget_quota: Default<Int>;
  budget_period: Default<string>;
  /** Spent in the period that starts at budget_window (unix seconds). */
  budget_used: Default<Int>;
  budget_window: Default<Int>;
}

export interface SessionsTable {
  id: string;
  user_id: Int;
  created_at: Int;
  expires_at: Int;
  ip: Default<string>;
  user_agent: Default<string>;
  /** Unix seconds until which the session counts as verified with a second factor (POST /api/verify); 0 = never. */
  verified_until: Default<Int>;
}

export interface OptionsTable {
  key: string;
  value: string | null;
}

export interface SetupsTable {
  id: Id;
  version: Default<string>;
  initialized_at: Int;
}

export interface TokensTable {
  id: Id;
  user_id: Int;
  key: string;
  status: Default<number>;
  name: Default<string>;
  created_time: Default<Int>;
  accessed_time: Default<Int>;
  expired_time: Default<Int>;
  remain_quota: Default<Int>;
  unlimited_quota: Default<number>;
  model_limits_enabled: Default<number>;
  model_limits: string | null;
  allow_ips: string | null;
  used_quota: Default<Int>;
  group: Default<string>;
  /** 1: an `auto` key moves to its next auto group when every channel of one failed. */
  cross_group_retry: Default<number>;
  /** Spending limit per budget_period ('', daily, weekly, monthly); 0 = none (tokens/token-budget.ts). */
  budget_quota: Default<Int>;
  budget_period: Default<string>;
  /** Spent in the period that starts at budget_window (unix seconds). */
  budget_used: Default<Int>;
  budget_window: Default<Int>;
  /** Requests per minute the key may send, and prompt + completion tokens per minute; 0 = no limit (relay/limits/token-rate-limit/). */
  rpm_limit: Default<number>;
  tpm_limit: Default<number>;
  deleted_at: Int | null;
}

export interface ChannelsTable {
  id: Id;
  type: Default<number>;
  key: string | null;
  openai_organization: Default<string>;
  test_model: Default<string>;
  status: Default<number>;
  name: Default<string>;
  weight: Default<number>;
  created_time: Default<Int>;
  test_time: Default<Int>;
  response_time: Default<number>;
  base_url: Default<string>;
  other: string | null;
  balance: Default<number>;
  balance_updated_time: Default<Int>;
  models: string | null;
  group: Default<string>;
  used_quota: Default<Int>;
  model_mapping: string | null;
  status_code_mapping: string | null;
  priority: Default<Int>;
  auto_ban: Default<number>;
  other_info: string | null;
  tag: string | null;
  setting: string | null;
  param_override: string | null;
  max_input_tokens: Default<number>;
  /** JSON (channels/multi-key/keys-info.ts): key count, pick mode, disabled keys; NULL for a single key. */
  channel_info: string | null;
}

export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: Int;
  enabled: Default<number>;
  priority: Default<Int>;
  weight: Default<number>;
  tag: string | null;
}

export interface RedemptionsTable {
  id: Id;
  user_id: Default<Int>;
  key: string;
  status: Default<number>;
  name: Default<string>;
  quota: Default<Int>;
  created_time: Default<Int>;
  redeemed_time: Default<Int>;
  used_user_id: Default<Int>;
  expired_time: Default<Int>;
  deleted_at: Int | null;
}

export interface LogsTable {
  id: Id;
  user_id: Default<Int>;
  created_at: Int;
  type: number;
  content: string | null;
  username: Default<string>;
  token_name: Default<string>;
  token_id: Default<Int>;
  model_name: Default<string>;
  quota: Default<Int>;
  prompt_tokens: Default<number>;
  completion_tokens: Default<number>;
  use_time: Default<number>;
  is_stream: Default<number>;
  channel_id: Default<Int>;
  channel_name: Default<string>;
  group: Default<string>;
  ip: Default<string>;
  request_id: Default<string>;
  other: string | null;
  remark: Default<string>;
}

export interface DrawingTasksTable {
  id: Id;
  user_id: Default<Int>;
  code: Default<number>;
  action: Default<string>;
  mj_id: Default<string>;
  prompt: string | null;
  prompt_en: string | null;
  description: string | null;
  state: string | null;
  submit_time: Default<Int>;
  start_time: Default<Int>;
  finish_time: Default<Int>;
  image_url: string | null;
  status: Default<string>;
  progress: Default<string>;
  fail_reason: string | null;
  channel_id: Default<Int>;
  quota: Default<Int>;
  buttons: string | null;
  properties: string | null;
  created_at: Default<Int>;
  /** The API key that paid for the task (0 = none); a refund credits it too. */
  token_id: Default<Int>;
  /** Fingerprint of the channel key that submitted the task ('' = unknown): later calls use the same key. */
  channel_key_hint: Default<string>;
}

/** Ids of settlement batches already applied (written in the batch's own transaction). */
export interface SettlementBatchesTable {
  id: string;
  /** Unix seconds. */
  created_at: Int;
}

export interface JobLocksTable {
  name: string;
  owner: string;
  /** Unix milliseconds. */
  expires_at: Int;
}

export interface TasksTable {
  id: Id;
  task_id: Default<string>;
  platform: Default<string>;
  user_id: Default<Int>;
  channel_id: Default<Int>;
  quota: Default<Int>;
  action: Default<string>;
  status: Default<string>;
  fail_reason: string | null;
  submit_time: Default<Int>;
  start_time: Default<Int>;
  finish_time: Default<Int>;
  progress: Default<string>;
  properties: string | null;
  data: string | null;
  created_at: Default<Int>;
  updated_at: Default<Int>;
  /** The API key that paid for the task (0 = none); a refund credits it too. */
  token_id: Default<Int>;
  /** Fingerprint of the channel key that submitted the task ('' = unknown): later calls use the same key. */
  channel_key_hint: Default<string>;
}

export interface TopUpsTable {
  id: Id;
  user_id: Int;
  amount: Default<Int>;
  money: Default<number>;
  trade_no: string;
  payment_method: Default<string>;
  create_time: Default<Int>;
  complete_time: Default<Int>;
  status: Default<string>;
}

export interface ActivitiesTable {
  id: Id;
  name: string;
  status: Default<number>;
  quota: Default<Int>;
  desc: string | null;
  start_date: Default<Int>;
  end_date: Default<Int>;
  created_at: Default<Int>;
}

export interface SuppliersTable {
  id: Id;
  name: string;
  type: Default<number>;
  sdk: Default<string>;
  base_url: Default<string>;
  disable: Default<number>;
  created_at: Default<Int>;
}

export interface UserCustomModelsTable {
  id: Id;
  user_id: Int;
  supplier_id: Int;
  key: string | null;
  models: string | null;
  created_at: Default<Int>;
  updated_at: Default<Int>;
}

/** One row per activity reward granted; unique (activity_id, user_id). */
export interface ActivityRewardsTable {
  id: Id;
  activity_id: Int;
  user_id: Int;
  quota: Default<Int>;
  created_at: Default<Int>;
}

export interface SuggestedPromptsTable {
  id: Id;
  title: Default<string>;
  mcp: string | null;
  instruction: string | null;
  version: Default<string>;
  sort: Default<number>;
  platform: string | null;
  release: Default<number>;
  facets: string | null;
  tags: string | null;
  result_link: Default<string>;
  created_at: Default<Int>;
}

export interface AiRolesTable {
  id: Id;
  role_name: string;
  role: string | null;
  type: Default<number>;
  quota: Default<Int>;
  created_at: Default<Int>;
}

export interface ApplicationsTable {
  id: Id;
  name: string;
  display_name: Default<string>;
  version: Default<string>;
  description: string | null;
  homepage: Default<string>;
  dxt_url: Default<string>;
  type: Default<string>;
  rank: Default<number>;
  app_groups: string | null;
  keywords: string | null;
  created_at: Default<Int>;
}

export interface ModelHubTable {
  id: Id;
  name: string;
  price: Default<number>;
  ratio: Default<number>;
  completion_ratio: Default<number>;
  model_type: Default<string>;
  tags: Default<string>;
  multimodal: Default<number>;
  sort: Default<number>;
  desc: string | null;
  max_token: Default<number>;
  hide: Default<number>;
  icon: string | null;
  models: string | null;
  models_id: Default<string>;
  created_at: Default<Int>;
  updated_at: Default<Int>;
}

/** One row per request between pre-consume and settlement (billing/quota-ledger.repository.ts). */
export interface QuotaHoldsTable {
  request_id: string;
  user_id: Int;
  token_id: Default<Int>;
  amount: Int;
  token_amount: Default<Int>;
  status: Default<string>;
  created_at: Int;
  updated_at: Int;
  /** The subscription the hold was taken from; 0 = the user's wallet. */
  subscription_id: Default<Int>;
}

/** Hourly usage per user and model for the data dashboard (dashboard/). */
export interface QuotaDataTable {
  id: Id;
  user_id: Int;
  username: Default<string>;
  model_name: Default<string>;
  created_at: Int;
  token_used: Default<Int>;
  count: Default<Int>;
  quota: Default<Int>;
}

/** The highest log id each background aggregation has folded in. */
export interface AggregationWatermarksTable {
  name: string;
  last_id: Default<Int>;
  updated_at: Default<Int>;
}

/** Rows and quota per log type and hour up to the 'log_counts' watermark (logs/log-counters.ts). */
export interface LogCountsTable {
  type: number;
  hour: Int;
  count: Default<Int>;
  quota: Default<Int>;
}

/** One live one-time secret per (purpose, target); only its SHA-256 is kept (verification/). */
export interface VerificationCodesTable {
  purpose: string;
  target: string;
  code_hash: string;
  attempts: Default<number>;
  created_at: Int;
  expires_at: Int;
}

/** A slider-captcha puzzle, keyed by the SHA-256 of its key (captcha/). */
export interface CaptchaChallengesTable {
  id: string;
  answer_x: number;
  /** 0 = unsolved, 1 = solved and not yet used by the action it guards. */
  passed: Default<number>;
  expires_at: Int;
}

/** A user's TOTP enrolment (two-factor/); `enabled` 0 while the enrolment awaits its first code. */
export interface UserTwoFactorTable {
  user_id: Int;
  /** Sealed base32 secret. */
  totp_secret: string;
  enabled: Default<number>;
  /** The last accepted RFC 6238 time step; a code of this step or earlier is refused. */
  last_time_step: Default<Int>;
  created_at: Default<Int>;
  updated_at: Default<Int>;
}

/** SHA-256 of one backup code; `used_at` 0 = unused. */
export interface TwoFactorBackupCodesTable {
  id: Id;
  user_id: Int;
  code_hash: string;
  used_at: Default<Int>;
}

/** A WebAuthn credential (two-factor/passkeys). Ids and keys are base64url. */
export interface PasskeysTable {
  id: Id;
  user_id: Int;
  credential_id: string;
  public_key: string;
  counter: Default<Int>;
  /** Comma-separated authenticator transports. */
  transports: Default<string>;
  name: Default<string>;
  created_at: Default<Int>;
  last_used_at: Default<Int>;
}

/** A short-lived server-side secret (pending 2FA sign-in, WebAuthn challenge) by the SHA-256 of its id. */
export interface AuthChallengesTable {
  id: string;
  kind: string;
  user_id: Default<Int>;
  payload: Default<string>;
  expires_at: Int;
}

/** When a user was last sent a notification of one kind (notifications/). */
export interface NotificationThrottleTable {
  user_id: Int;
  kind: string;
  last_sent_at: Default<Int>;
}

/** A state handed out by GET /api/oauth/state, consumed by the provider callback (oauth/). */
export interface OAuthStatesTable {
  state: string;
  provider: string;
  /** The signed-in user the state was made for (a binding), or null (a sign-in). */
  user_id: Int | null;
  aff: Default<string>;
  login_params: string | null;
  next: Default<string>;
  code_verifier: Default<string>;
  redirect_uri: Default<string>;
  created_at: Int;
  expires_at: Int;
}

/** Who owns an external account; primary key (provider, external_id). */
export interface OAuthIdentitiesTable {
  provider: string;
  external_id: string;
  user_id: Int;
  created_at: Default<Int>;
}

/** An administrator-defined OAuth provider (oauth/custom-providers.service.ts); booleans are 0/1. */
export interface CustomOAuthProvidersTable {
  id: Id;
  name: string;
  slug: string;
  enabled: Default<number>;
  client_id: string;
  client_secret: Default<string>;
  authorization_endpoint: string;
  token_endpoint: string;
  user_info_endpoint: string;
  scopes: Default<string>;
  use_pkce: Default<number>;
  auth_style: Default<number>;
  user_id_field: string;
  username_field: Default<string>;
  display_name_field: Default<string>;
  email_field: Default<string>;
  /** oauth_code, jwt_direct or trusted_header (oauth/external-login/). */
  kind: Default<string>;
  issuer: Default<string>;
  audience: Default<string>;
  jwks_url: Default<string>;
  public_key: string | null;
  auto_register: Default<number>;
  /** A JSON array of IPs and CIDR ranges. */
  trusted_proxy_cidrs: string | null;
  external_id_header: Default<string>;
  username_header: Default<string>;
  display_name_header: Default<string>;
  email_header: Default<string>;
  created_at: Int;
  updated_at: Int;
}

/** An outside application's request for one of a user's tokens (oauth/authorization.service.ts). */
export interface AuthorizationRequestsTable {
  id: Id;
  code: string;
  code_challenge: string;
  app_name: string;
  user_id: Int;
  status: Default<string>;
  token_id: Default<Int>;
  created_at: Int;
  updated_at: Int;
  expires_at: Int;
}

/**
 * A response answered through the Responses chat bridge, kept for `previous_response_id` (relay/responses-store/).
 * `id` is the response's id; `items` the conversation as Responses input items (JSON), `response` the final
 * response object (JSON). Times are unix seconds.
 */
export interface StoredResponsesTable {
  id: string;
  user_id: Int;
  model: string;
  created_at: Int;
  expires_at: Int;
  items: string;
  response: string;
}

/** One daily check-in (checkin/); unique per (user_id, checkin_date), the server's local 'YYYY-MM-DD'. */
export interface CheckinsTable {
  id: Id;
  user_id: Int;
  checkin_date: string;
  quota_awarded: Default<Int>;
  created_at: Default<Int>;
}

/** Background jobs an administrator starts and watches (system-tasks/); JSON columns are text. */
export interface SystemTasksTable {
  id: Id;
  task_id: string;
  type: string;
  status: string;
  active_key: string | null;
  payload: string | null;
  state: string | null;
  result: string | null;
  error: string | null;
  locked_by: Default<string>;
  locked_until: Default<Int>;
  created_at: Default<Int>;
  updated_at: Default<Int>;
}

/** A plan an administrator sells (subscriptions/); `enabled` is 0/1. */
export interface SubscriptionPlansTable {
  id: Id;
  title: string;
  subtitle: Default<string>;
  price_amount: Default<number>;
  currency: Default<string>;
  duration_unit: Default<string>;
  duration_value: Default<number>;
  custom_seconds: Default<Int>;
  enabled: Default<number>;
  sort_order: Default<number>;
  stripe_price_id: Default<string>;
  creem_product_id: Default<string>;
  max_purchase_per_user: Default<number>;
  upgrade_group: Default<string>;
  total_amount: Default<Int>;
  quota_reset_period: Default<string>;
  quota_reset_custom_seconds: Default<Int>;
  created_at: Default<Int>;
  updated_at: Default<Int>;
}

/** A subscription a user holds: a copy of its plan's budget and reset rule, and what was used of it. */
export interface UserSubscriptionsTable {
  id: Id;
  user_id: Int;
  plan_id: Int;
  amount_total: Default<Int>;
  amount_used: Default<Int>;
  start_time: Int;
  end_time: Int;
  status: Default<string>;
  source: Default<string>;
  quota_reset_period: Default<string>;
  quota_reset_custom_seconds: Default<Int>;
  last_reset_time: Default<Int>;
  next_reset_time: Default<Int>;
  upgrade_group: Default<string>;
  prev_user_group: Default<string>;
  created_at: Default<Int>;
  updated_at: Default<Int>;
}

/** A payment for a plan; completing it (once) creates the user subscription. */
export interface SubscriptionOrdersTable {
  id: Id;
  user_id: Int;
  plan_id: Int;
  money: Default<number>;
  trade_no: string;
  payment_method: Default<string>;
  status: Default<string>;
  create_time: Default<Int>;
  complete_time: Default<Int>;
  provider_payload: string | null;
}

/**
 * new-api's prefill groups (prefill-groups/). `items` is JSON text; `live_name` is the lower-cased name
 * while the group exists and NULL once it is deleted (`deleted_at` set), unique among live groups.
 */
export interface PrefillGroupsTable {
  id: Id;
  name: string;
  live_name: string | null;
  type: string;
  items: string;
  description: Default<string>;
  created_time: Default<Int>;
  updated_time: Default<Int>;
  deleted_at: Int | null;
}

export interface VendorsTable {
  id: Id;
  name: string;
  /** The lower-cased name; unique. */
  name_key: string;
  description: string;
  icon: string;
  status: Default<number>;
  created_time: Default<Int>;
  updated_time: Default<Int>;
}

export interface ModelMetadataTable {
  id: Id;
  model_name: string;
  description: string;
  icon: string;
  tags: Default<string>;
  vendor_id: Default<number>;
  /** JSON text (endpoint type → path or {path, method}), '' for the defaults. */
  endpoints: string;
  context_length: Default<number>;
  max_output_tokens: Default<number>;
  knowledge_cutoff: Default<string>;
  release_date: Default<string>;
  parameter_count: Default<string>;
  input_modalities: Default<string>;
  output_modalities: Default<string>;
  status: Default<number>;
  sync_official: Default<number>;
  name_rule: Default<number>;
  created_time: Default<Int>;
  updated_time: Default<Int>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  options: OptionsTable;
  setups: SetupsTable;
  tokens: TokensTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  redemptions: RedemptionsTable;
  logs: LogsTable;
  drawing_tasks: DrawingTasksTable;
  tasks: TasksTable;
  job_locks: JobLocksTable;
  settlement_batches: SettlementBatchesTable;
  top_ups: TopUpsTable;
  activities: ActivitiesTable;
  activity_rewards: ActivityRewardsTable;
  suppliers: SuppliersTable;
  user_custom_models: UserCustomModelsTable;
  suggested_prompts: SuggestedPromptsTable;
  ai_roles: AiRolesTable;
  applications: ApplicationsTable;
  model_hub: ModelHubTable;
  quota_holds: QuotaHoldsTable;
  quota_data: QuotaDataTable;
  aggregation_watermarks: AggregationWatermarksTable;
  log_counts: LogCountsTable;
  verification_codes: VerificationCodesTable;
  captcha_challenges: CaptchaChallengesTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_backup_codes: TwoFactorBackupCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
  notification_throttle: NotificationThrottleTable;
  oauth_states: OAuthStatesTable;
  oauth_identities: OAuthIdentitiesTable;
  custom_oauth_providers: CustomOAuthProvidersTable;
  authorization_requests: AuthorizationRequestsTable;
  stored_responses: StoredResponsesTable;
  checkins: CheckinsTable;
  system_tasks: SystemTasksTable;
  prefill_groups: PrefillGroupsTable;
  vendors: VendorsTable;
  model_metadata: ModelMetadataTable;
  subscription_plans: SubscriptionPlansTable;
  user_subscriptions: UserSubscriptionsTable;
  subscription_orders: SubscriptionOrdersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type LogRow = Selectable<LogsTable>;
export type NewLog = Insertable<LogsTable>;
