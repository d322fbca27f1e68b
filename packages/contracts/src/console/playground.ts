import { z } from 'zod';

/**
 * The playground (new-api's): POST /pg/chat/completions takes an OpenAI chat-completions body from the
 * signed-in console user — no API key — plus an optional `group` to route and price in (one the user
 * may use; the user's own when empty). Answers and errors are OpenAI's shapes, not the console envelope.
 */
export const PLAYGROUND_CHAT_PATH = '/pg/chat/completions';

/** The token name a playground request is logged under: this prefix and the group (`playground-default`). */
export const PLAYGROUND_TOKEN_PREFIX = 'playground-';

/** The optional sampling parameters the playground page offers; an unset one is not sent. */
export const PlaygroundParams = z.object({
  temperature: z.number({ error: 'temperature must be a number' }).min(0, 'temperature must be between 0 and 2').max(2, 'temperature must be between 0 and 2').optional(),
  top_p: z.number({ error: 'top_p must be a number' }).min(0, 'top_p must be between 0 and 1').max(1, 'top_p must be between 0 and 1').optional(),
  max_tokens: z.number({ error: 'max_tokens must be a number' }).int('max_tokens must be a whole number').min(1, 'max_tokens must be at least 1').max(1_000_000, 'max_tokens must be at most 1000000').optional(),
});
export type PlaygroundParams = z.infer<typeof PlaygroundParams>;

export type PlaygroundRole = 'system' | 'user' | 'assistant';

/** The body the playground page sends. */
export interface PlaygroundChatBody extends PlaygroundParams {
  model: string;
  group?: string;
  messages: { role: PlaygroundRole; content: string }[];
  stream: boolean;
  /** OpenRouter's usage accounting: the answer's usage says what it cost (`cost`, in dollars). */
  usage?: { include: boolean };
}
