import type { NewLog } from '../db/schema.js';
import type { TestContext } from '../../test/test-app.js';
import { logsRepository } from './logs.repository.js';
import { LogType } from './log-types.js';

/** Test helpers for log suites: a consume-log row with overridable fields, and bulk insertion. */

let seq = 0;

/** A consume log (type 2) as the relay writes it, with `other` carrying ratios and admin_info. */
export function consumeLog(overrides: Partial<NewLog> & { user_id: number; username: string; created_at: number }): NewLog {
  seq++;
  return {
    type: LogType.Consume,
    token_name: 'default-token',
    token_id: 1,
    model_name: 'gpt-4o',
    quota: 100,
    prompt_tokens: 10,
    completion_tokens: 5,
    use_time: 1,
    is_stream: 0,
    channel_id: 7,
    channel_name: 'primary-openai',
    group: 'default',
    ip: '10.0.0.1',
    request_id: `req-${seq}`,
    content: '',
    remark: 'admin note',
    other: JSON.stringify({ model_ratio: 1.25, group_ratio: 1, completion_ratio: 4, model_price: -1, frt: 420, admin_info: { use_channel: [7, 9] } }),
    ...overrides,
  };
}

export async function insertLogs(ctx: TestContext, rows: NewLog[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await logsRepository.insertMany(ctx.db, rows.slice(i, i + 500));
}
