import { usd, vendorPricing } from './price-rows.js';

const MIDJOURNEY_ACTIONS = ['imagine', 'variation', 'reroll', 'blend', 'modal', 'zoom', 'shorten', 'high_variation', 'low_variation', 'pan', 'edits'];

/**
 * Kling video jobs, per call: Kling's published price of a 5-second clip in standard mode, at its list price
 * of $0.14 a unit (the master models have one mode). Pro mode and 10-second clips cost more upstream, which a
 * per-call price does not follow. Vidu publishes its prices in credits only, and Volcano Ark bills Doubao's
 * Seedance video models by tokens (CNY per million): their models are left to the administrator.
 */
const KLING_PER_CLIP: Record<string, number> = {
  'kling-v1': 0.14,
  'kling-v1-5': 0.28,
  'kling-v1-6': 0.28,
  'kling-v2-master': 1.4,
  'kling-v2-1': 0.28,
  'kling-v2-1-master': 1.4,
  'kling-v2-5-turbo': 0.21,
  'kling-v2-6': 0.21,
};

/**
 * Mistral, Cohere, xAI, Perplexity, Jina, Llama as cloud hosts name it (Groq, Bedrock, Cloudflare,
 * Together), and the per-call task models (Midjourney, Suno, Kling video, Flux).
 */
export const othersPricing = vendorPricing(
  [
    // Mistral
    usd(['mistral-large-latest', 'pixtral-large-latest'], 2, 6),
    usd('mistral-medium-latest', 0.4, 2),
    usd('mistral-small-latest', 0.1, 0.3),
    usd('codestral-latest', 0.3, 0.9),
    usd('open-mistral-nemo', 0.15, 0.15),
    usd('ministral-8b-latest', 0.1, 0.1),
    usd('ministral-3b-latest', 0.04, 0.04),
    usd('magistral-medium-latest', 2, 5),
    usd('mistral-embed', 0.1),
    // Cohere
    usd('command-r', 0.5, 1.5),
    usd('command-r-plus', 3, 15),
    usd('command-r-08-2024', 0.15, 0.6),
    usd('command-r-plus-08-2024', 2.5, 10),
    usd('command-a-03-2025', 2.5, 10),
    usd('command-r7b-12-2024', 0.0375, 0.15),
    usd(['embed-english-v3.0', 'embed-multilingual-v3.0'], 0.1),
    usd('embed-v4.0', 0.12),
    // xAI
    usd(['grok-4', 'grok-4-0709', 'grok-3'], 3, 15, 0.25),
    usd('grok-3-mini', 0.3, 0.5, 0.25),
    usd(['grok-4-fast', 'grok-4-fast-reasoning', 'grok-4-fast-non-reasoning', 'grok-4-1-fast-reasoning', 'grok-4-1-fast-non-reasoning'], 0.2, 0.5, 0.25),
    usd('grok-code-fast-1', 0.2, 1.5, 0.1),
    usd('grok-2-vision-1212', 2, 10),
    // Perplexity
    usd('sonar', 1, 1),
    usd('sonar-pro', 3, 15),
    usd('sonar-reasoning', 1, 5),
    usd(['sonar-reasoning-pro', 'sonar-deep-research'], 2, 8),
    // Jina
    usd(['jina-embeddings-v3', 'jina-reranker-v2-base-multilingual'], 0.02),
    // Llama on Groq, Together, Bedrock, Cloudflare
    usd('llama-3.3-70b-versatile', 0.59, 0.79),
    usd('llama-3.1-8b-instant', 0.05, 0.08),
    usd('meta-llama/llama-4-scout-17b-16e-instruct', 0.11, 0.34),
    usd('meta-llama/llama-4-maverick-17b-128e-instruct', 0.2, 0.6),
    usd('meta-llama/Llama-3.3-70B-Instruct-Turbo', 0.88, 0.88),
    usd(['meta.llama3-1-70b-instruct-v1:0', 'meta.llama3-3-70b-instruct-v1:0'], 0.72, 0.72),
    usd('meta.llama3-1-8b-instruct-v1:0', 0.22, 0.22),
    usd('@cf/meta/llama-3.1-8b-instruct', 0.282, 0.827),
    usd('@cf/meta/llama-3.3-70b-instruct-fp8-fast', 0.293, 2.253),
  ],
  {
    modelPrice: {
      ...Object.fromEntries(MIDJOURNEY_ACTIONS.map((action) => [`mj_${action}`, 0.1])),
      mj_video: 0.8,
      mj_describe: 0.05,
      mj_upscale: 0.05,
      mj_upload: 0.05,
      swap_face: 0.05,
      mj_inpaint: 0,
      mj_custom_zoom: 0,
      suno_music: 0.1,
      suno_lyrics: 0.01,
      ...KLING_PER_CLIP,
      'black-forest-labs/flux-1.1-pro': 0.04,
      'rerank-v3.5': 0.002,
      'rerank-english-v3.0': 0.002,
      'rerank-multilingual-v3.0': 0.002,
    },
  },
);
