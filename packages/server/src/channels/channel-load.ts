/** How much a new latency sample moves a channel's average (exponentially weighted). */
const LATENCY_WEIGHT = 0.3;

/**
 * What this node sees of each channel's load, for the latency and least-busy selection strategies: the
 * average time to the first byte of an answer, per channel and model (a model's speed differs by
 * provider), and the requests in flight per channel. In memory on purpose, like cooling: a steering hint
 * each node learns from its own traffic within a few requests, forgotten on restart.
 */
export class ChannelLoad {
  private readonly latency = new Map<number, Map<string, number>>();
  private readonly inFlight = new Map<number, number>();

  /** One answer's time to its first byte, measured from the start of the attempt. */
  recordLatency(channelId: number, model: string, ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) return;
    let byModel = this.latency.get(channelId);
    if (!byModel) this.latency.set(channelId, (byModel = new Map()));
    const average = byModel.get(model);
    byModel.set(model, average === undefined ? ms : average + LATENCY_WEIGHT * (ms - average));
  }

  /** The channel's average latency for the model in milliseconds, or undefined before its first answer. */
  latencyOf(channelId: number, model: string): number | undefined {
    return this.latency.get(channelId)?.get(model);
  }

  /** Every channel and model measured so far, with its average latency in milliseconds. */
  *latencies(): Generator<{ channelId: number; model: string; ms: number }> {
    for (const [channelId, byModel] of this.latency) for (const [model, ms] of byModel) yield { channelId, model, ms };
  }

  /** Counts a request in flight on the channel until the returned function is called (once). */
  begin(channelId: number): () => void {
    this.inFlight.set(channelId, (this.inFlight.get(channelId) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.inFlight.get(channelId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(channelId, left);
      else this.inFlight.delete(channelId);
    };
  }

  busy(channelId: number): number {
    return this.inFlight.get(channelId) ?? 0;
  }
}
