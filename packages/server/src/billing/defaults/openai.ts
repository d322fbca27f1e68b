import { usd, vendorPricing, withAudio, withImageInput } from './price-rows.js';

/** OpenAI list prices (USD per 1M tokens: input, output, cached-read share). */
export const openAiPricing = vendorPricing(
  [
    // GPT-3.5
    usd(['gpt-3.5-turbo', 'gpt-3.5-turbo-0125'], 0.5, 1.5),
    usd('gpt-3.5-turbo-1106', 1, 2),
    usd(['gpt-3.5-turbo-0613', 'gpt-3.5-turbo-instruct'], 1.5, 2),
    usd(['gpt-3.5-turbo-16k', 'gpt-3.5-turbo-16k-0613'], 3, 4),
    // GPT-4 and GPT-4 Turbo
    usd(['gpt-4', 'gpt-4-0613'], 30, 60),
    usd(['gpt-4-32k', 'gpt-4-32k-0613'], 60, 120),
    usd(
      ['gpt-4-turbo', 'gpt-4-turbo-2024-04-09', 'gpt-4-turbo-preview', 'gpt-4-1106-preview', 'gpt-4-0125-preview', 'gpt-4-vision-preview'],
      10,
      30,
    ),
    // ChatGPT custom GPTs and "all tools" names (gizmo ids collapse to the wildcard, see model-name.ts)
    usd(['gpt-4-gizmo-*', 'gpt-4-all'], 30, 60),
    usd('gpt-4o-gizmo-*', 5, 15),
    usd('gpt-4o-all', 30, 60),
    // GPT-4o
    usd(['gpt-4o', 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20'], 2.5, 10, 0.5),
    usd('gpt-4o-2024-05-13', 5, 15),
    usd('chatgpt-4o-latest', 5, 15),
    usd(['gpt-4o-mini', 'gpt-4o-mini-2024-07-18'], 0.15, 0.6, 0.5),
    usd(['gpt-4o-search-preview'], 2.5, 10),
    usd(['gpt-4o-mini-search-preview'], 0.15, 0.6),
    usd('gpt-4o-mini-tts', 0.6, 12),
    // Audio and realtime models: text prices, then audio input / output prices per 1M tokens
    withAudio(usd(['gpt-4o-audio-preview', 'gpt-4o-audio-preview-2024-12-17', 'gpt-4o-audio-preview-2025-06-03'], 2.5, 10), 40, 80),
    withAudio(usd('gpt-4o-audio-preview-2024-10-01', 2.5, 10), 100, 200),
    withAudio(usd(['gpt-4o-mini-audio-preview', 'gpt-4o-mini-audio-preview-2024-12-17'], 0.15, 0.6), 10, 20),
    withAudio(usd(['gpt-audio', 'gpt-audio-2025-08-28'], 2.5, 10), 32, 64),
    withAudio(usd(['gpt-audio-mini', 'gpt-audio-mini-2025-10-06'], 0.6, 2.4), 10, 20),
    withAudio(usd(['gpt-4o-realtime-preview', 'gpt-4o-realtime-preview-2024-12-17', 'gpt-4o-realtime-preview-2025-06-03'], 5, 20, 0.5), 40, 80),
    withAudio(usd('gpt-4o-realtime-preview-2024-10-01', 5, 20, 0.5), 100, 200),
    withAudio(usd(['gpt-4o-mini-realtime-preview', 'gpt-4o-mini-realtime-preview-2024-12-17'], 0.6, 2.4, 0.5), 10, 20),
    withAudio(withImageInput(usd(['gpt-realtime', 'gpt-realtime-2025-08-28'], 4, 16, 0.1), 5), 32, 64),
    withAudio(withImageInput(usd(['gpt-realtime-mini', 'gpt-realtime-mini-2025-10-06'], 0.6, 2.4, 0.1), 0.8), 10, 20),
    withAudio(usd('gpt-4o-transcribe', 2.5, 10), 6),
    withAudio(usd('gpt-4o-mini-transcribe', 1.25, 5), 3),
    // GPT-4.1 and GPT-4.5
    usd(['gpt-4.1', 'gpt-4.1-2025-04-14'], 2, 8, 0.25),
    usd(['gpt-4.1-mini', 'gpt-4.1-mini-2025-04-14'], 0.4, 1.6, 0.25),
    usd(['gpt-4.1-nano', 'gpt-4.1-nano-2025-04-14'], 0.1, 0.4, 0.25),
    usd(['gpt-4.5-preview', 'gpt-4.5-preview-2025-02-27'], 75, 150, 0.5),
    // GPT-5
    usd(['gpt-5', 'gpt-5-2025-08-07', 'gpt-5-chat-latest', 'gpt-5-codex'], 1.25, 10, 0.1),
    usd(['gpt-5-mini', 'gpt-5-mini-2025-08-07'], 0.25, 2, 0.1),
    usd(['gpt-5-nano', 'gpt-5-nano-2025-08-07'], 0.05, 0.4, 0.1),
    usd('gpt-5-pro', 15, 120),
    usd(['gpt-5.1', 'gpt-5.1-chat-latest', 'gpt-5.1-codex'], 1.25, 10, 0.1),
    usd('gpt-5.1-codex-mini', 0.25, 2, 0.1),
    usd('gpt-5.1-codex-max', 1.25, 10, 0.1),
    usd(['gpt-5.2', 'gpt-5.2-chat-latest'], 1.75, 14, 0.1),
    usd(['gpt-5.2-codex', 'gpt-5.3-codex'], 1.75, 14, 0.1),
    usd('gpt-5.4', 2.5, 15, 0.1),
    usd('gpt-5.4-mini', 0.75, 4.5, 0.1),
    usd('gpt-5.5', 5, 30, 0.1),
    // Reasoning models
    usd(['o1', 'o1-2024-12-17', 'o1-preview', 'o1-preview-2024-09-12'], 15, 60, 0.5),
    usd(['o1-mini', 'o1-mini-2024-09-12'], 1.1, 4.4, 0.5),
    usd(['o1-pro', 'o1-pro-2025-03-19'], 150, 600),
    usd(['o3', 'o3-2025-04-16'], 2, 8, 0.25),
    usd(['o3-mini', 'o3-mini-2025-01-31', 'o3-mini-high', 'o3-mini-medium', 'o3-mini-low'], 1.1, 4.4, 0.5),
    usd(['o3-pro', 'o3-pro-2025-06-10'], 20, 80),
    usd(['o3-deep-research', 'o3-deep-research-2025-06-26'], 10, 40, 0.25),
    usd(['o4-mini', 'o4-mini-2025-04-16'], 1.1, 4.4, 0.25),
    usd(['o4-mini-deep-research', 'o4-mini-deep-research-2025-06-26'], 2, 8, 0.25),
    usd('codex-mini-latest', 1.5, 6, 0.25),
    // Open-weight models as most hosts name them
    usd('gpt-oss-120b', 0.15, 0.6),
    usd('gpt-oss-20b', 0.05, 0.2),
    // Images (text input / image output tokens)
    withImageInput(usd('gpt-image-1', 5, 40), 10),
    withImageInput(usd('gpt-image-1-mini', 2, 8), 2.5),
    // Embeddings, audio, moderation, legacy completions
    usd('text-embedding-3-small', 0.02),
    usd('text-embedding-3-large', 0.13),
    usd('text-embedding-ada-002', 0.1),
    usd('whisper-1', 30),
    usd(['tts-1', 'tts-1-1106'], 15),
    usd(['tts-1-hd', 'tts-1-hd-1106'], 30),
    usd(['text-moderation-stable', 'text-moderation-latest'], 0.2),
    usd(['omni-moderation-latest', 'omni-moderation-2024-09-26'], 0),
    usd('davinci-002', 2, 2),
    usd('babbage-002', 0.4, 0.4),
  ],
  {
    modelPrice: {
      'dall-e-2': 0.02,
      'dall-e-3': 0.04,
      'gpt-4-gizmo-*': 0.1,
      'sora-2': 0.3,
      'sora-2-pro': 0.5,
    },
  },
);
