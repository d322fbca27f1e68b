import type { z } from 'zod';
import * as c from '@gw/contracts';

/** Request schemas of management routes, from the same contract schemas the handlers validate with. */
export interface RouteSchemas {
  summary?: string;
  body?: z.ZodType;
  query?: z.ZodType;
}

export const routeSchemas: Record<string, RouteSchemas> = {
  'POST /api/setup': { summary: 'First-run setup: create the root account', body: c.SetupBody },
  'POST /api/user/login': { summary: 'Sign in with username or e-mail and password', body: c.LoginBody },
  'POST /api/user/register': { summary: 'Register an account', body: c.RegisterBody },
  'PUT /api/user/self': { summary: 'Update your profile', body: c.UpdateSelfBody },
  'GET /api/user': { summary: 'List users', query: c.PageQuery },
  'GET /api/user/search': { summary: 'Search users', query: c.UserSearchQuery },
  'POST /api/user': { summary: 'Create a user', body: c.CreateUserBody },
  'PUT /api/user': { summary: 'Edit a user', body: c.UpdateUserBody },
  'POST /api/user/manage': { summary: 'Enable, disable, delete, promote or demote a user', body: c.ManageUserBody },
  'PUT /api/option': { summary: 'Save one option', body: c.UpdateOptionBody },
  'GET /api/option/channel_affinity_cache': { summary: 'Channel affinity: remembered keys, in all and per rule' },
  'DELETE /api/option/channel_affinity_cache': { summary: 'Channel affinity: forget every remembered key, or one rule\'s', query: c.ClearChannelAffinityCacheQuery },
  'GET /api/token': { summary: 'List your API tokens', query: c.PageQuery },
  'GET /api/token/search': { summary: 'Search your API tokens', query: c.TokenSearchQuery },
  'POST /api/token': { summary: 'Create API tokens', body: c.CreateTokenBody },
  'PUT /api/token': { summary: 'Edit an API token (with ?status_only=true: enable or disable)', body: c.UpdateTokenBody },
  'POST /api/token/batch': { summary: 'Delete several API tokens', body: c.DeleteTokensBody },
  'POST /api/redemption': { summary: 'Create redemption codes', body: c.CreateRedemptionBody },
  'PUT /api/redemption': { summary: 'Edit a redemption code', body: c.UpdateRedemptionBody },
  'GET /api/redemption/search': { summary: 'Search redemption codes', query: c.RedemptionSearchQuery },
  'POST /api/user/topup': { summary: 'Redeem a code', body: c.RedeemBody },
  'GET /api/log': { summary: 'Usage logs of every user', query: c.LogListQuery },
  'GET /api/log/self': { summary: 'Your usage logs', query: c.LogListQuery },
  'GET /api/log/token': { summary: "The newest 100 logs of the API key sent as Bearer sk-… (works for expired or used-up keys)" },
  'GET /api/usage/token': { summary: 'Balance of the API key sent as Bearer sk-…, answered as {code, message, data} (works for expired or used-up keys)' },
  'DELETE /api/log': { summary: 'Delete logs older than a time', query: c.DeleteLogsQuery },
  'GET /api/channel': { summary: 'List channels', query: c.ChannelListQuery },
  'GET /api/channel/search': { summary: 'Search channels', query: c.ChannelSearchQuery },
  'POST /api/channel': { summary: 'Create channels (one per key line in batch mode)', body: c.CreateChannelBody },
  'PUT /api/channel': { summary: 'Edit a channel', body: c.UpdateChannelBody },
  'POST /api/channel/batch': { summary: 'Delete several channels', body: c.DeleteChannelsBody },
  'POST /api/channel/batch/tag': { summary: 'Tag several channels', body: c.BatchTagBody },
  'PUT /api/channel/tag': { summary: 'Edit every channel of a tag', body: c.EditTagBody },
  'POST /api/channel/tag/enabled': { summary: 'Enable every channel of a tag', body: c.TagBody },
  'POST /api/channel/tag/disabled': { summary: 'Disable every channel of a tag', body: c.TagBody },
  'POST /api/channel/fetch_models': { summary: "List an upstream's models as the editor has the channel (before it is saved; id: the stored key)", body: c.FetchModelsBody },
  'PUT /api/model_hub/admin': { summary: 'Save model hub entries', body: c.ModelHubUpdateBody },
  'POST /api/user/quota_transfer': { summary: 'Move reward quota to the balance', body: c.QuotaTransferBody },
  'GET /api/user/checkin': { summary: 'Your daily check-ins of a month (default this month) and totals', query: c.CheckinMonthQuery },
  'POST /api/user/checkin': { summary: "Check in for today's random quota reward" },
  'POST /api/supplier/admin': { summary: 'Create a supplier', body: c.SupplierBody },
  'POST /api/prompt/suggest': { summary: 'Create a suggested prompt', body: c.SuggestedPromptBody },
  'POST /api/ai-role/admin': { summary: 'Create an assistant role (content in TOML)', body: c.AiRoleBody },
  'POST /api/application/admin': { summary: 'Create a marketplace application', body: c.ApplicationBody },
  'POST /api/application/admin/batch': { summary: 'Delete several applications', body: c.ApplicationBatchDeleteBody },
};
