import type { Migration } from 'kysely';
import * as initialSchema from './2026_11_22_0001_initial_schema.js';
import * as quotaHolds from './2026_11_23_0002_quota_holds.js';
import * as logListIndexes from './2026_11_23_0003_log_list_indexes.js';
import * as quotaData from './2026_11_23_0004_quota_data.js';
import * as rewardsAndCustomModels from './2026_11_24_0005_rewards_and_custom_models.js';
import * as verificationCodes from './2026_11_25_0006_verification_codes.js';
import * as twoFactorNotifications from './2026_11_25_0007_two_factor_notifications.js';
import * as oauth from './2026_11_25_0008_oauth.js';
import * as jobLocks from './2026_11_25_0009_job_locks.js';
import * as taskBilling from './2026_11_26_0010_task_billing.js';
import * as settlementBatches from './2026_11_27_0011_settlement_batches.js';
import * as taskChannelKeys from './2026_11_27_0012_task_channel_keys.js';
import * as dropLogTokenIndex from './2026_11_28_0013_drop_log_token_index.js';
import * as storedResponses from './2026_11_29_0014_stored_responses.js';
import * as tokenCrossGroupRetry from './2026_11_30_0015_token_cross_group_retry.js';
import * as checkins from './2026_11_30_0016_checkins.js';
import * as discordAndCustomOauth from './2026_12_01_0017_discord_and_custom_oauth.js';

import * as systemTasks from './2026_12_02_0018_system_tasks.js';
import * as channelKeysInfo from './2026_12_02_0019_channel_keys_info.js';
import * as prefillGroups from './2026_12_03_0020_prefill_groups.js';
import * as sessionSecureVerification from './2026_12_03_0021_session_secure_verification.js';
import * as customOauthExternalLogin from './2026_12_03_0022_custom_oauth_external_login.js';
import * as subscriptions from './2026_12_04_0023_subscriptions.js';
import * as tokenBudgets from './2026_12_05_0024_token_budgets.js';
import * as tokenRateLimits from './2026_12_06_0025_token_rate_limits.js';
import * as userBudgets from './2026_12_07_0026_user_budgets.js';
import * as modelMetadata from './2026_12_08_0027_model_metadata.js';
/** Every migration, in order. Names sort by date; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial_schema': initialSchema,
  '2026_11_23_0002_quota_holds': quotaHolds,
  '2026_11_23_0003_log_list_indexes': logListIndexes,
  '2026_11_23_0004_quota_data': quotaData,
  '2026_11_24_0005_rewards_and_custom_models': rewardsAndCustomModels,
  '2026_11_25_0006_verification_codes': verificationCodes,
  '2026_11_25_0007_two_factor_notifications': twoFactorNotifications,
  '2026_11_25_0008_oauth': oauth,
  '2026_11_25_0009_job_locks': jobLocks,
  '2026_11_26_0010_task_billing': taskBilling,
  '2026_11_27_0011_settlement_batches': settlementBatches,
  '2026_11_27_0012_task_channel_keys': taskChannelKeys,
  '2026_11_28_0013_drop_log_token_index': dropLogTokenIndex,
  '2026_11_29_0014_stored_responses': storedResponses,
  '2026_11_30_0015_token_cross_group_retry': tokenCrossGroupRetry,
  '2026_11_30_0016_checkins': checkins,
  '2026_12_01_0017_discord_and_custom_oauth': discordAndCustomOauth,
  '2026_12_02_0018_system_tasks': systemTasks,
  '2026_12_02_0019_channel_keys_info': channelKeysInfo,
  '2026_12_03_0020_prefill_groups': prefillGroups,
  '2026_12_03_0021_session_secure_verification': sessionSecureVerification,
  '2026_12_03_0022_custom_oauth_external_login': customOauthExternalLogin,
  '2026_12_04_0023_subscriptions': subscriptions,
  '2026_12_05_0024_token_budgets': tokenBudgets,
  '2026_12_06_0025_token_rate_limits': tokenRateLimits,
  '2026_12_07_0026_user_budgets': userBudgets,
  '2026_12_08_0027_model_metadata': modelMetadata,
};
