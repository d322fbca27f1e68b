import type { Redis } from 'ioredis';
import type { BusMessage, EventBus } from './event-bus.js';


/**
 * Change messages between nodes over Redis pub/sub. Every message carries this process's id so it is
 * not delivered back to its sender. While Redis is unreachable messages are dropped, not queued: the
 * caches' periodic reloads pick up what was missed once it is back.
 */
export class RedisEventBus implements EventBus {
  private readonly subscriber: Redis;
  private readonly listeners = new Set<(m: BusMessage) => void>();
  private readonly self = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  /** Channel names are not prefixed by ioredis' keyPrefix; the prefix is added here so sites sharing a Redis stay apart. */
  private readonly channel: string;

  constructor(private readonly redis: Redis) {
    this.channel = `${redis.options.keyPrefix ?? ''}changes`;
    // Pub/sub needs a connection of its own.
    this.subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (_channel: string, text: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      const m = parsed as { from?: unknown; kind?: unknown; id?: unknown; value?: unknown };
      if (m.from === this.self || typeof m.kind !== 'string' || typeof m.id !== 'number') return;
      const message: BusMessage = typeof m.value === 'number' ? { kind: m.kind, id: m.id, value: m.value } : { kind: m.kind, id: m.id };
      for (const l of this.listeners) l(message);
    });
    void this.subscriber.subscribe(this.channel).catch(() => {});
  }

  publish(m: BusMessage): void {
    if (this.redis.status !== 'ready') return;
    this.redis.publish(this.channel, JSON.stringify({ from: this.self, kind: m.kind, id: m.id, value: m.value })).catch(() => {});
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the subscription is active (tests, start-up). */
  async ready(): Promise<void> {
    for (let i = 0; i < 100 && this.subscriber.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 20));
    await this.subscriber.subscribe(this.channel);
  }

  close(): void {
    this.subscriber.disconnect();
  }
}
