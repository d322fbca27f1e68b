/** A change announced by one process, for the caches of the others (see ChangeEvents). */
export interface BusMessage {
  kind: string;
  id: number;
  /** A number some kinds carry beside the id (a cool-down's milliseconds left). */
  value?: number;
}

/**
 * Carries change messages between the processes that serve one site: the workers of a cluster (over
 * the cluster's IPC channel) or, later, several nodes (over Redis). `publish` never delivers back to
 * the publishing process; its own listeners are told directly by ChangeEvents.
 */
export interface EventBus {
  publish(message: BusMessage): void;
  subscribe(listener: (message: BusMessage) => void): () => void;
}

/** One process alone: nothing to tell anyone. */
export const localBus: EventBus = {
  publish() {},
  subscribe() {
    return () => {};
  },
};
