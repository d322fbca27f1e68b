import { endpointOf, type TaskEndpoint } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { asRecord, callUpstreamJson, type UpstreamAnswer } from '../upstream-json.js';

/** Ids per batch-read call. */
const IDS_PER_CALL = 100;

/** A task row as polling needs it: the channel that runs it and the fingerprint of the key that submitted it. */
export interface PolledRow {
  channel_id: number;
  channel_key_hint: string;
}

/** How one platform's upstream is asked about many tasks at once, and what to do with each answer. */
export interface BatchPollPlan<Row extends PolledRow> {
  /** Names the platform in log lines ("Midjourney", "Suno"). */
  platform: string;
  /** The upstream's id of a task; '' when the upstream gave none. */
  upstreamIdOf(row: Row): string;
  /** Fails (and refunds) a task the upstream gave no id, so it is never asked about. */
  failWithoutId(row: Row): Promise<unknown>;
  /** The POST that reads these tasks on this channel. */
  request(ep: TaskEndpoint, ids: string[]): { url: string; headers: Record<string, string>; body: unknown };
  /** The task answers of a reply, or null when the reply is unusable. */
  itemsOf(res: UpstreamAnswer): unknown[] | null;
  /** The upstream id an answer is about. */
  answerIdOf(dto: Record<string, unknown>): string;
  /** Stores one task's answer. */
  apply(row: Row, dto: Record<string, unknown>): Promise<void>;
}

/**
 * One polling round over tasks whose upstream reads many ids per call: tasks without an upstream id
 * are failed at once, the rest grouped by the channel that runs them and read in batches. A channel
 * that is gone waits (the timeout sweep fails its tasks if it never comes back); a batch the upstream
 * cannot answer is skipped this round.
 */
export async function pollByChannel<Row extends PolledRow>(deps: TaskDeps, rows: Row[], plan: BatchPollPlan<Row>): Promise<void> {
  // Grouped by channel and key: each upstream account is asked only about its own tasks.
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    if (!plan.upstreamIdOf(row)) {
      await plan.failWithoutId(row);
      continue;
    }
    const group = `${row.channel_id}:${row.channel_key_hint}`;
    const members = groups.get(group);
    if (members) members.push(row);
    else groups.set(group, [row]);
  }
  for (const tasks of groups.values()) {
    const channelId = tasks[0].channel_id;
    const channel = deps.routing.table.channel(channelId);
    if (!channel) continue;
    const ep = endpointOf(channel, tasks[0].channel_key_hint);
    for (let i = 0; i < tasks.length; i += IDS_PER_CALL) {
      const batch = tasks.slice(i, i + IDS_PER_CALL);
      let items: unknown[];
      try {
        const res = await callUpstreamJson(deps.http, { method: 'POST', ...plan.request(ep, batch.map((t) => plan.upstreamIdOf(t))), proxy: ep.proxy });
        const found = plan.itemsOf(res);
        if (!found) {
          deps.log.warn({ channelId, status: res.status }, `${plan.platform} task polling got an unusable answer`);
          continue;
        }
        items = found;
      } catch (err) {
        deps.log.warn({ channelId, err: (err as Error).message }, `${plan.platform} task polling failed`);
        continue;
      }
      const byId = new Map(batch.map((t) => [plan.upstreamIdOf(t), t]));
      for (const item of items) {
        const dto = asRecord(item);
        const row = byId.get(plan.answerIdOf(dto));
        if (row) await plan.apply(row, dto);
      }
    }
  }
}
