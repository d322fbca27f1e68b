import { EventEmitter } from 'node:events';
import { localBus, type EventBus } from './cluster/event-bus.js';

/**
 * Kinds of record whose change must reach in-memory caches: a user or token (the relay's API-key
 * cache), the options (id 0) and the channels (id 0, the routing table), a user's own-key model
 * configs ('custom-models', id = user id), a supplier ('supplier', id = supplier id), the custom
 * OAuth providers ('oauth-providers', id 0), the response cache, cleared ('response-cache', id 0), and a
 * channel's in-memory health, reset by an administrator ('channel-health', id = channel id, 0 = every channel),
 * the model metadata and vendors ('model-metadata', id 0), and a channel's cool-down started by one process
 * ('channel-cooling', id = channel id, value = its milliseconds left).
 */
export type ChangeKind =
  | 'user' | 'token' | 'options' | 'channels' | 'custom-models' | 'supplier' | 'oauth-providers' | 'response-cache' | 'channel-health'
  | 'model-metadata' | 'channel-cooling';

const KINDS: readonly string[] = [
  'user', 'token', 'options', 'channels', 'custom-models', 'supplier', 'oauth-providers', 'response-cache', 'channel-health',
  'model-metadata', 'channel-cooling',
] satisfies ChangeKind[];

type Listener = (id: number, value?: number) => void;

/**
 * Change notifications: services announce that something changed, caches drop or reload what they
 * hold. `on` hears every change, made here or in another process of the site (through the bus);
 * `onRemote` hears only the others' — for caches the writing process has already brought up to date.
 */
export class ChangeEvents {
  private readonly local = new EventEmitter();
  private readonly remote = new EventEmitter();

  constructor(private readonly bus: EventBus = localBus) {
    this.local.setMaxListeners(50);
    this.remote.setMaxListeners(50);
    bus.subscribe((m) => {
      if (!KINDS.includes(m.kind) || !Number.isSafeInteger(m.id)) return;
      const value = typeof m.value === 'number' && Number.isFinite(m.value) ? m.value : undefined;
      this.local.emit(m.kind, m.id, value);
      this.remote.emit(m.kind, m.id, value);
    });
  }

  changed(kind: ChangeKind, id = 0, value?: number): void {
    this.local.emit(kind, id, value);
    this.bus.publish(value === undefined ? { kind, id } : { kind, id, value });
  }

  on(kind: ChangeKind, listener: Listener): () => void {
    this.local.on(kind, listener);
    return () => this.local.off(kind, listener);
  }

  onRemote(kind: ChangeKind, listener: Listener): () => void {
    this.remote.on(kind, listener);
    return () => this.remote.off(kind, listener);
  }
}
