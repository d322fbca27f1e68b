import type { ByteStreamTranslator, OutboundEvent } from '../providers/provider-adapter.js';

/**
 * A stream translator whose outbound events pass through `map` (rewrites of chat chunks). It has no
 * verbatim text: mapped events are always framed anew.
 */
export function mappedTranslator(inner: ByteStreamTranslator, map: (events: OutboundEvent[]) => OutboundEvent[]): ByteStreamTranslator {
  return {
    push: (bytes) => map(inner.push(bytes)),
    end: () => map(inner.end()),
    usage: () => inner.usage(),
    drainText: inner.drainText ? (all) => inner.drainText!(all) : undefined,
    complete: inner.complete ? () => inner.complete!() : undefined,
  };
}
