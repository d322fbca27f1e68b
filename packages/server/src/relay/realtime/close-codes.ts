/**
 * Close codes one side's close may be passed on with. Codes about the state of the application pass
 * through: normal, going away, policy, internal error, restart, try later, bad gateway, and the 3xxx
 * (registered) and 4xxx (application) ranges. Codes about one link's own protocol (1002 protocol error,
 * 1003 unsupported data, 1007 bad payload, 1009 too big, 1010 missing extension) describe a link the
 * other side is not on, and 1006/1015 may never be sent: all of these become 1011.
 */
const PASSED_ON = new Set([1000, 1001, 1008, 1011, 1012, 1013, 1014]);

/** The code to close the other side with. 1005 (a close frame without a code) is a normal close. */
export function relayedCloseCode(code: number): number {
  if (code === 1005) return 1000;
  if (PASSED_ON.has(code) || (code >= 3000 && code <= 4999)) return code;
  return 1011;
}

/** A close frame's reason is at most 123 bytes of UTF-8; cut at a character boundary. */
export function closeReason(reason: Buffer | string): string {
  const text = typeof reason === 'string' ? reason : reason.toString('utf8');
  if (Buffer.byteLength(text) <= 123) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    bytes += Buffer.byteLength(ch);
    if (bytes > 123) break;
    out += ch;
  }
  return out;
}
