import { EventEmitter } from 'node:events';

/** Kinds of record whose change must reach in-memory caches (the relay's API-key cache, for one). */
export type ChangeKind = 'user' | 'token';

/**
 * In-process change notifications: services announce that a user or token changed, caches drop what
 * they hold for it. (Several nodes learn of changes through the caches' short lifetimes.)
 */
export class ChangeEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  changed(kind: ChangeKind, id: number): void {
    this.emitter.emit(kind, id);
  }

  on(kind: ChangeKind, listener: (id: number) => void): () => void {
    this.emitter.on(kind, listener);
    return () => this.emitter.off(kind, listener);
  }
}
