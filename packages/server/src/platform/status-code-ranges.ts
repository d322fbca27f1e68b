/**
 * HTTP status lists written as new-api writes them in its AutomaticRetryStatusCodes and
 * AutomaticDisableStatusCodes options: codes and inclusive ranges separated by commas, `401,500-503`.
 */

/** Why a list is not valid, or null when it is (blank is a valid, empty list). */
export function statusCodeListProblem(text: string): string | null {
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = /^(\d{3})(?:\s*-\s*(\d{3}))?$/.exec(item);
    if (!m) return `"${item}" is not a status code or a range such as 500-503`;
    const [from, to] = [Number(m[1]), Number(m[2] ?? m[1])];
    if (from < 100 || to > 599) return `"${item}" is outside the HTTP status codes 100-599`;
    if (from > to) return `"${item}" runs backwards`;
  }
  return null;
}

/** The codes of a valid list, as a lookup table over 100-599 (index = code). */
function parseStatusCodes(text: string): Uint8Array {
  const table = new Uint8Array(600);
  for (const part of text.split(',')) {
    const m = /^\s*(\d{3})(?:\s*-\s*(\d{3}))?\s*$/.exec(part);
    if (!m) continue;
    for (let code = Number(m[1]); code <= Number(m[2] ?? m[1]) && code < 600; code++) table[code] = 1;
  }
  return table;
}

const parsed = new Map<string, Uint8Array>();

/** Whether `status` is in the list; each distinct list text is parsed once. */
export function statusCodeListHas(text: string, status: number): boolean {
  let table = parsed.get(text);
  if (!table) {
    if (parsed.size > 64) parsed.clear();
    table = parseStatusCodes(text);
    parsed.set(text, table);
  }
  return Number.isInteger(status) && status >= 0 && status < 600 && table[status] === 1;
}
