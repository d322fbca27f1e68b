import type { OptionsService } from '../../options/options.service.js';
import { invalidRequest } from '../../relay/relay-error.js';
import { assertBase64Image, assertBase64Images } from '../image-input.js';
import { CHANGE_ACTIONS, actionOfCustomId, parseSimpleChange, type DrawingAction } from './mj-actions.js';

/** The submit endpoints of the proxy we relay, by the path after /mj (face swap is /mj/insight-face/swap). */
export const MJ_SUBMIT_ROUTES = [
  'submit/imagine', 'submit/change', 'submit/simple-change', 'submit/action', 'submit/modal', 'submit/describe',
  'submit/blend', 'submit/shorten', 'submit/upload-discord-images', 'insight-face/swap',
] as const;
export type MjSubmitRoute = (typeof MJ_SUBMIT_ROUTES)[number];

/** Path prefixes choosing the generation speed (`/mj-fast/mj/submit/imagine`), as new-api routes them. */
export const MJ_SPEED_MODES = ['mj-fast', 'mj-turbo', 'mj-relax'] as const;
export type MjSpeedMode = (typeof MJ_SPEED_MODES)[number];

/** One checked submission: what to store, what to price, and what to forward. */
export interface MjSubmitPlan {
  route: MjSubmitRoute;
  action: DrawingAction;
  /** The body forwarded to the proxy (client fields, minus the ones the Mj* switches remove). */
  body: Record<string, unknown>;
  /** Stored prompt; for follow-ups it is replaced with the original task's. */
  prompt: string;
  /** The proxy id of the task a follow-up acts on. */
  parentMjId: string | null;
}

const MAX_PROMPT = 8192;
const MAX_ID = 191;
const MODE_FLAGS = /\s*--(?:fast|relax|turbo)\b/gi;

function text(body: Record<string, unknown>, field: string, { required = false, max = MAX_PROMPT } = {}): string {
  const v = body[field];
  if (v === undefined || v === null || v === '') {
    if (required) throw invalidRequest(`${field} is required`, `${field}_is_required`);
    return '';
  }
  if (typeof v !== 'string') throw invalidRequest(`${field} must be a string`, 'invalid_request');
  if (required && v.trim() === '') throw invalidRequest(`${field} is required`, `${field}_is_required`);
  if (v.length > max) throw invalidRequest(`${field} must be at most ${max} characters`, 'invalid_request');
  return v;
}

const taskIdOf = (body: Record<string, unknown>) => text(body, 'taskId', { required: true, max: MAX_ID }).trim();

/**
 * Checks a submission before anything is charged or sent: required fields, known actions, images that
 * really are images of a sane size. Applies the Mj* switches to the forwarded body.
 */
export function planMjSubmit(route: MjSubmitRoute, raw: unknown, options: OptionsService): MjSubmitPlan {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('the request body must be a JSON object', 'invalid_request');
  const body: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (!options.get('MjNotifyEnabled')) delete body.notifyHook;
  if (!options.get('MjAccountFilterEnabled')) delete body.accountFilter;
  if (options.get('MjModeClearEnabled') && typeof body.prompt === 'string') body.prompt = body.prompt.replace(MODE_FLAGS, '').trim();

  const plan = (action: DrawingAction, parentMjId: string | null = null): MjSubmitPlan => ({ route, action, body, prompt: typeof body.prompt === 'string' ? body.prompt : '', parentMjId });
  switch (route) {
    case 'submit/imagine':
      text(body, 'prompt', { required: true });
      if (body.base64Array !== undefined && body.base64Array !== null) assertBase64Images('base64Array', body.base64Array, 0, 5);
      return plan('IMAGINE');
    case 'submit/shorten':
      text(body, 'prompt', { required: true });
      return plan('SHORTEN');
    case 'submit/describe':
      assertBase64Image('base64', body.base64);
      return plan('DESCRIBE');
    case 'submit/blend':
      assertBase64Images('base64Array', body.base64Array, 2, 5);
      return plan('BLEND');
    case 'submit/upload-discord-images':
      assertBase64Images('base64Array', body.base64Array, 1, 10);
      return plan('UPLOAD');
    case 'insight-face/swap':
      assertBase64Image('sourceBase64', body.sourceBase64);
      assertBase64Image('targetBase64', body.targetBase64);
      return { ...plan('SWAP_FACE'), prompt: 'InsightFace' };
    case 'submit/change': {
      const taskId = taskIdOf(body);
      const action = text(body, 'action', { required: true, max: 40 }).toUpperCase();
      if (!(CHANGE_ACTIONS as readonly string[]).includes(action)) throw invalidRequest(`unknown action "${action}"; use ${CHANGE_ACTIONS.join(', ')}`, 'unknown_action');
      if (action !== 'REROLL') {
        const index = body.index;
        if (typeof index !== 'number' || !Number.isInteger(index) || index < 1 || index > 4) throw invalidRequest('index must be 1, 2, 3 or 4', 'index_is_required');
      }
      return plan(action as DrawingAction, taskId);
    }
    case 'submit/simple-change': {
      const parsed = parseSimpleChange(text(body, 'content', { required: true, max: 300 }));
      if (!parsed) throw invalidRequest('content must be "<taskId> U1..U4", "<taskId> V1..V4" or "<taskId> R"', 'unknown_action');
      return plan(parsed.action, parsed.taskId);
    }
    case 'submit/action': {
      const taskId = taskIdOf(body);
      const customId = text(body, 'customId', { required: true, max: 500 });
      const action = actionOfCustomId(customId);
      if (!action) throw invalidRequest(`unknown action in customId "${customId.slice(0, 100)}"`, 'unknown_action');
      return plan(action, taskId);
    }
    case 'submit/modal': {
      const taskId = taskIdOf(body);
      text(body, 'prompt');
      if (body.maskBase64 !== undefined && body.maskBase64 !== null && body.maskBase64 !== '') assertBase64Image('maskBase64', body.maskBase64);
      return plan('MODAL', taskId);
    }
  }
}

