import type { MultiKeyStatusPage, MultiKeyStatusValue } from '@gw/contracts';
import { api } from '../../../lib/api-client';
import type { KeyWriteAction } from '../multi-key-view';

const MANAGE_PATH = '/api/channel/multi_key/manage';

export interface KeyStatusParams {
  channel_id: number;
  page: number;
  page_size: number;
  /** Only keys of this status; undefined = all. */
  status?: MultiKeyStatusValue;
}

/** get_key_status: one page of a multi-key channel's keys, with the counts of every status. */
export function getKeyStatus(params: KeyStatusParams): Promise<MultiKeyStatusPage> {
  return api.post(MANAGE_PATH, { ...params, action: 'get_key_status' });
}

export interface KeyWrite {
  channel_id: number;
  action: KeyWriteAction;
  /** For the one-key actions (enable_key, disable_key, delete_key). */
  key_index?: number;
}

/** A write action; its data (the channel's key summary, or a count) is informational: callers re-fetch. */
export function manageKeys(body: KeyWrite): Promise<unknown> {
  return api.post(MANAGE_PATH, body);
}
