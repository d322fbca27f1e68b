/**
 * The Midjourney-Proxy wire format (novicezk/midjourney-proxy, as new-api relays it): submit answers
 * `{ code, description, result, properties }` and task objects with camelCase fields.
 */

/** Submit result codes of the proxy: 1 submitted, 21 already exists, 22 queued; 3 no account; 4 request error. */
export const MjCode = { Submitted: 1, Exists: 21, Queued: 22, NoAccount: 3, RequestError: 4 } as const;

/** Codes under which the proxy accepted a task (and the task is charged). */
export const ACCEPTED_CODES: readonly number[] = [MjCode.Submitted, MjCode.Exists, MjCode.Queued];

export interface MjSubmitAnswer {
  code: number;
  description: string;
  result: unknown;
  properties?: unknown;
}

/** A task as the proxy (and our fetch endpoints) describe it. */
export interface MjTaskDto {
  id: string;
  action: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  status: string;
  progress: string;
  failReason: string;
  buttons: unknown[];
  properties: Record<string, unknown> | null;
}

/** Our own refusals in the proxy's shape: code 4 with a description saying what is wrong. */
export const mjError = (description: string): MjSubmitAnswer => ({ code: MjCode.RequestError, description, result: '' });
