import { invalidRequest } from '../../relay/relay-error.js';
import { assertBase64Image } from '../image-input.js';

const MAX_PROMPT = 32_000;
/** The most images a request may carry (Vidu's reference-to-video takes up to seven). */
const MAX_IMAGES = 7;

/**
 * A video generation request in new-api's unified shape (`POST /v1/video/generations`), checked before
 * anything is charged or sent: `model` and `prompt`, images (`image` and/or `images`, each an http(s) URL
 * or a `data:image/…;base64,` URL), a whole number of seconds (`duration`, or OpenAI's `seconds`) and
 * `metadata`, the vendor's own fields passed on as they are. Each vendor maps it to its API.
 */
export interface VideoRequest {
  /** The client's body as sent (the OpenAI upstream takes it as it is). */
  body: Record<string, unknown>;
  model: string;
  prompt: string;
  images: string[];
  /** Seconds of video asked for; undefined leaves it to the upstream's default. */
  duration: number | undefined;
  metadata: Record<string, unknown>;
}

export function parseVideoRequest(raw: unknown): VideoRequest {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('the request body must be a JSON object');
  const body = raw as Record<string, unknown>;
  if (typeof body.model !== 'string' || !body.model.trim()) throw invalidRequest('model is required', 'model_required');
  if (typeof body.prompt !== 'string' || !body.prompt.trim()) throw invalidRequest('prompt is required', 'prompt_is_required');
  if (body.prompt.length > MAX_PROMPT) throw invalidRequest(`prompt must be at most ${MAX_PROMPT} characters`);
  if (body.metadata !== undefined && (!body.metadata || typeof body.metadata !== 'object' || Array.isArray(body.metadata))) {
    throw invalidRequest('metadata must be a JSON object', 'invalid_metadata');
  }
  return {
    body,
    model: body.model.trim(),
    prompt: body.prompt,
    images: imagesOf(body),
    duration: durationOf(body),
    metadata: (body.metadata as Record<string, unknown> | undefined) ?? {},
  };
}

function imagesOf(body: Record<string, unknown>): string[] {
  const images: { field: string; value: unknown }[] = [];
  if (body.image !== undefined && body.image !== null && body.image !== '') images.push({ field: 'image', value: body.image });
  if (body.images !== undefined && body.images !== null) {
    if (!Array.isArray(body.images)) throw invalidRequest('images must be a list of image URLs', 'invalid_image');
    body.images.forEach((value, i) => images.push({ field: `images[${i}]`, value }));
  }
  if (images.length > MAX_IMAGES) throw invalidRequest(`a video request takes at most ${MAX_IMAGES} images, got ${images.length}`, 'invalid_image');
  return images.map(({ field, value }) => checkedImage(field, value));
}

/** An http(s) URL, or a data URL holding a real image (checked like the other task uploads). */
function checkedImage(field: string, value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (/^https?:\/\/\S+$/i.test(text)) {
    try {
      new URL(text);
      return text;
    } catch {
      // not a URL after all: refused below
    }
  }
  if (/^data:[^,]*;base64,/i.test(text)) {
    assertBase64Image(field, text);
    return text;
  }
  throw invalidRequest(`${field} must be an http(s) URL or a data:image/…;base64, URL`, 'invalid_image');
}

/** `duration` (a number or numeric text) or OpenAI's `seconds` ("4"): a whole, positive number of seconds. */
function durationOf(body: Record<string, unknown>): number | undefined {
  for (const field of ['duration', 'seconds'] as const) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n <= 0) throw invalidRequest(`${field} must be a whole number of seconds`, 'invalid_duration');
    return n;
  }
  return undefined;
}

/** The vendor fields a client may set beside the unified ones: the listed names of `body`, then `metadata` (minus the model, which the price follows). */
export function vendorFields(request: VideoRequest, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = request.body[name];
    if (value !== undefined && value !== null && value !== '') out[name] = value;
  }
  for (const [name, value] of Object.entries(request.metadata)) if (name !== 'model' && name !== 'model_name') out[name] = value;
  return out;
}
