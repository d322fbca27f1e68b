import type { FastifyInstance } from 'fastify';
import { OllamaModelBody, type OllamaPullEvent } from '@gw/contracts';
import { ok } from '../../http/envelope.js';
import { requireRoot } from '../../http/guards.js';
import { parseId, parseInput } from '../../http/validate.js';
import { ClientIO } from '../../relay/pipeline/client-io.js';
import { pulledMessage, type OllamaService } from './ollama.service.js';

/**
 * /api/channel/ollama/* (new-api's paths), top administrators only. The streamed pull answers bad input,
 * an unknown channel or one that is not Ollama as an ordinary JSON refusal; once it has started, every
 * outcome is an event: Ollama's progress lines, then `{message}` or `{error}`, then `[DONE]`.
 */
export async function ollamaRoutes(app: FastifyInstance, { ollama }: { ollama: OllamaService }) {
  const root = { preHandler: requireRoot };

  app.post('/ollama/pull', root, async (req) => {
    const body = parseInput(OllamaModelBody, req.body);
    return ok(undefined, await ollama.pull(body.channel_id, body.model_name));
  });

  app.delete('/ollama/delete', root, async (req) => {
    const body = parseInput(OllamaModelBody, req.body);
    return ok(undefined, await ollama.deleteModel(body.channel_id, body.model_name));
  });

  app.get('/ollama/version/:id', root, async (req) => ok(await ollama.version(parseId((req.params as { id: string }).id))));

  app.post('/ollama/pull/stream', root, async (req, reply) => {
    const body = parseInput(OllamaModelBody, req.body);
    const target = await ollama.target(body.channel_id);
    reply.hijack();
    const io = new ClientIO(reply.raw, {});
    const cancel = new AbortController();
    io.onClose(() => cancel.abort());
    io.startStream();
    const send = (event: OllamaPullEvent | string) => io.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
    try {
      await ollama.pullFrom(target, body.model_name, send, cancel.signal);
      await send({ message: pulledMessage(body.model_name) });
    } catch (err) {
      await send({ error: err instanceof Error && err.message ? err.message : 'Failed to pull model' });
    }
    io.end('data: [DONE]\n\n');
  });
}
