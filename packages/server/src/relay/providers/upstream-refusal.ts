/**
 * An upstream's refusal that did not come as an HTTP error answer: a token endpoint refusing a channel's
 * refresh token before the upstream was called (Codex), or an error reported inside a 200 answer (Coze's
 * `{code, msg}`). Adapters throw it from buildRequest or parseResponse; the pipeline treats it as the
 * upstream answering `status` with `info`, so it is classified, retried, counted against the channel and
 * grounds for automatic disabling exactly like an HTTP error.
 */
import type { UpstreamErrorInfo } from './provider-adapter.js';

export class UpstreamRefusal extends Error {
  constructor(
    readonly status: number,
    readonly info: UpstreamErrorInfo,
  ) {
    super(info.message);
    this.name = 'UpstreamRefusal';
  }
}
