import type { DrawingAction } from '@gw/contracts';

export type { DrawingAction };

/** Pricing (and routing) name of an action: mj_<action>, except face swapping (new-api's names). */
export function modelNameOf(action: DrawingAction): string {
  return action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;
}

/** Follow-ups that cost nothing: they only complete a MODAL step of a task already paid for. */
export const FREE_ACTIONS: readonly DrawingAction[] = ['INPAINT', 'CUSTOM_ZOOM'];

/** Actions of POST /mj/submit/change. */
export const CHANGE_ACTIONS = ['UPSCALE', 'VARIATION', 'REROLL'] as const satisfies readonly DrawingAction[];

/**
 * The action behind a Midjourney Plus button id (`customId`), e.g. `MJ::JOB::upsample::2::<hash>` →
 * UPSCALE, `MJ::Outpaint::50::1::<hash>::SOLO` → ZOOM, `MJ::Inpaint::1::<hash>::SOLO` → INPAINT.
 * Null when the id names no action we know.
 */
export function actionOfCustomId(customId: string): DrawingAction | null {
  const parts = customId.split('::');
  if (parts.length < 3 || parts[0] !== 'MJ') return null;
  const name = parts[1] === 'JOB' ? parts[2] : parts[1];
  if (!name) return null;
  if (name.includes('upsample')) return 'UPSCALE';
  if (name === 'low_variation') return 'LOW_VARIATION';
  if (name === 'high_variation') return 'HIGH_VARIATION';
  if (name.includes('variation')) return 'VARIATION';
  if (name.includes('pan')) return 'PAN';
  if (name.includes('reroll')) return 'REROLL';
  if (name === 'Outpaint') return 'ZOOM';
  if (name === 'CustomZoom') return 'CUSTOM_ZOOM';
  if (name === 'Inpaint') return 'INPAINT';
  return null;
}

/**
 * `content` of POST /mj/submit/simple-change: "<taskId> U1".."U4", "V1".."V4" or "R". Null when it
 * does not have that form.
 */
export function parseSimpleChange(content: string): { taskId: string; action: (typeof CHANGE_ACTIONS)[number]; index: number } | null {
  const parts = content.trim().split(/\s+/);
  if (parts.length !== 2) return null;
  const [taskId, code] = [parts[0], parts[1].toLowerCase()];
  if (code === 'r') return { taskId, action: 'REROLL', index: 0 };
  const m = /^([uv])([1-4])$/.exec(code);
  if (!m) return null;
  return { taskId, action: m[1] === 'u' ? 'UPSCALE' : 'VARIATION', index: Number(m[2]) };
}
