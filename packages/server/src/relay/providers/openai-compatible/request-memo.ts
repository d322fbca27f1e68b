import type { AdapterContext } from '../provider-adapter.js';

/**
 * What `buildRequest` learned from the client's body that reading the answer needs later (whether the
 * client wanted the usage chunk, the text length of a speech request, rerank documents…). Adapters are
 * shared and stateless, so the note is keyed by the attempt's context object: the pipeline passes the
 * same `AdapterContext` to buildRequest, parseResponse and createStreamTranslator of one attempt.
 * A WeakMap lets the note go with the context.
 */
export class RequestMemo<T extends object> {
  private readonly notes = new WeakMap<AdapterContext, T>();

  set(ctx: AdapterContext, note: T): void {
    this.notes.set(ctx, note);
  }

  get(ctx: AdapterContext): T | undefined {
    return this.notes.get(ctx);
  }
}
