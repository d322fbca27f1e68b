import { CHANNEL_FIELD_SWITCHES, ChannelType } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { RoutableChannel } from '../channels/routing-table.js';
import type { ChangeEvents } from '../platform/change-events.js';
import type { OwnKeyChannels } from '../relay/pipeline/relay-deps.js';
import type { CustomModelKeys } from './custom-model-keys.js';
import { customModelsRepository, type CustomModelRow } from './custom-models.repository.js';
import { parseModels } from './custom-model-view.js';

/** How long a user's configs are trusted without a change event (changes on other nodes arrive through the bus). */
const DEFAULT_TTL_MS = 60_000;
const MAX_USERS = 50_000;

interface Entry {
  expiresAt: number;
  /** Set once loaded: model → the user's own-key channel. Most users have none, so this is usually empty. */
  byModel?: ReadonlyMap<string, RoutableChannel>;
  loading?: Promise<ReadonlyMap<string, RoutableChannel>>;
}

const EMPTY: ReadonlyMap<string, RoutableChannel> = new Map();

/**
 * Tells the relay which models a user has configured with their own key, as virtual channels. Per-user
 * entries are cached; a user without configs costs one indexed query per TTL and a Map lookup per
 * request. Entries drop at once on a 'custom-models' event (that user) or a 'supplier' event (everyone).
 */
export class CustomModelRouter implements OwnKeyChannels {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Db,
    private readonly keys: CustomModelKeys,
    events: ChangeEvents,
    private readonly ttlMs = DEFAULT_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {
    events.on('custom-models', (userId) => this.entries.delete(userId));
    events.on('supplier', () => this.entries.clear());
  }

  /** Answers at once (no promise) when the user's configs are cached: the relay asks on every request. */
  channelFor(userId: number, model: string): RoutableChannel | null | Promise<RoutableChannel | null> {
    const entry = this.entries.get(userId);
    if (entry?.byModel && entry.expiresAt > this.now()) return entry.byModel.get(model) ?? null;
    return this.modelsOf(userId).then((byModel) => byModel.get(model) ?? null);
  }

  async modelsFor(userId: number): Promise<string[]> {
    return [...(await this.modelsOf(userId)).keys()];
  }

  private async modelsOf(userId: number): Promise<ReadonlyMap<string, RoutableChannel>> {
    let entry = this.entries.get(userId);
    if (!entry || entry.expiresAt <= this.now()) entry = this.startLoad(userId);
    return entry.byModel ?? (await entry.loading!);
  }

  private startLoad(userId: number): Entry {
    if (this.entries.size >= MAX_USERS) this.entries.delete(this.entries.keys().next().value!);
    const entry: Entry = { expiresAt: this.now() + this.ttlMs };
    entry.loading = this.load(userId).then(
      (byModel) => {
        entry.byModel = byModel;
        entry.loading = undefined;
        return byModel;
      },
      (err: unknown) => {
        if (this.entries.get(userId) === entry) this.entries.delete(userId);
        throw err;
      },
    );
    this.entries.set(userId, entry);
    return entry;
  }

  private async load(userId: number): Promise<ReadonlyMap<string, RoutableChannel>> {
    const rows = await customModelsRepository.listByUser(this.db, userId);
    if (rows.length === 0) return EMPTY;
    const byModel = new Map<string, RoutableChannel>();
    for (const row of rows) {
      if (row.supplier_disable === 1) continue;
      const key = this.keys.open(row.key);
      if (!key) continue;
      const channel = virtualChannel(row, key);
      for (const model of parseModels(row.models)) if (!byModel.has(model)) byModel.set(model, channel);
    }
    return byModel;
  }
}

/**
 * A channel that exists only for this request: the supplier's address with the user's key, OpenAI or
 * Anthropic protocol by the supplier's sdk. Its id is negative so it never meets a real channel's
 * health record, and it is never disabled automatically.
 */
/**
 * The user pays the supplier on their own key, so none of the request fields a routed channel guards
 * (service_tier and the like, see channel-request-fields.ts) needs holding back.
 */
const OWN_KEY_SETTING = JSON.stringify(Object.fromEntries(CHANNEL_FIELD_SWITCHES.filter((key) => key.startsWith('allow_')).map((key) => [key, true])));

export function virtualChannel(row: CustomModelRow, key: string): RoutableChannel {
  return {
    id: -row.id,
    type: row.supplier_sdk === 'claude' ? ChannelType.AnthropicClaude : ChannelType.OpenAI,
    name: `own key: ${row.supplier_name}`,
    key,
    base_url: row.supplier_base_url,
    models: parseModels(row.models).join(','),
    group: '',
    priority: 0,
    weight: 0,
    model_mapping: null,
    status_code_mapping: null,
    setting: OWN_KEY_SETTING,
    param_override: null,
    other: '',
    auto_ban: 0,
    status: 1,
    tag: null,
    openai_organization: '',
    max_input_tokens: 0,
    other_info: null,
    channel_info: null,
  };
}
