import { LOG_EXPORT_COLUMNS, type LogView } from '@gw/contracts';

/**
 * CSV per RFC 4180: fields holding a comma, quote, CR or LF are quoted and inner quotes doubled; lines end
 * with CRLF. Text that a spreadsheet would run as a formula (starting with = + - @ or a tab/CR) gets a
 * leading apostrophe, so an exported log cannot carry a formula into Excel (OWASP "CSV injection").
 */
export function csvField(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | boolean)[]): string {
  return values.map(csvField).join(',') + '\r\n';
}

/** The header line; a UTF-8 byte-order mark first so spreadsheets read non-ASCII names correctly. */
export const CSV_HEADER = '\uFEFF' + csvLine(LOG_EXPORT_COLUMNS);

export function logCsvLine(log: LogView): string {
  const cells: Record<(typeof LOG_EXPORT_COLUMNS)[number], string | number | boolean> = {
    id: log.id,
    time: new Date(log.created_at * 1000).toISOString(),
    created_at: log.created_at,
    type: log.type,
    username: log.username,
    token_name: log.token_name,
    model_name: log.model_name,
    group: log.group,
    prompt_tokens: log.prompt_tokens,
    completion_tokens: log.completion_tokens,
    quota: log.quota,
    use_time: log.use_time,
    is_stream: log.is_stream,
    channel: log.channel || '',
    channel_name: log.channel_name,
    ip: log.ip,
    request_id: log.request_id,
    content: log.content,
    other: log.other,
  };
  return csvLine(LOG_EXPORT_COLUMNS.map((c) => cells[c]));
}
