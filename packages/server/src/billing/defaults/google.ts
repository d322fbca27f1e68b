import { usd, vendorPricing, withAudio } from './price-rows.js';

/**
 * Google Gemini list prices (the ≤200K-token prompt tier); where audio input costs more than text, its price follows. Thinking-budget names collapse to the
 * `…-thinking-*` keys (model-name.ts).
 */
export const googlePricing = vendorPricing(
  [
    usd(['gemini-1.5-pro', 'gemini-1.5-pro-latest', 'gemini-1.5-pro-002'], 2.5, 10),
    usd(['gemini-1.5-flash', 'gemini-1.5-flash-latest', 'gemini-1.5-flash-002'], 0.15, 0.6),
    usd('gemini-1.5-flash-8b', 0.0375, 0.15),
    withAudio(usd(['gemini-2.0-flash', 'gemini-2.0-flash-001'], 0.1, 0.4, 0.25), 0.7),
    usd(['gemini-2.0-flash-lite', 'gemini-2.0-flash-lite-001'], 0.075, 0.3),
    usd(
      ['gemini-2.5-pro', 'gemini-2.5-pro-preview-03-25', 'gemini-2.5-pro-preview-05-06', 'gemini-2.5-pro-preview-06-05', 'gemini-2.5-pro-thinking-*'],
      1.25,
      10,
      0.25,
    ),
    withAudio(usd(['gemini-2.5-flash', 'gemini-2.5-flash-thinking-*'], 0.3, 2.5, 0.25), 1),
    usd(['gemini-2.5-flash-preview-04-17', 'gemini-2.5-flash-preview-05-20'], 0.15, 3.5, 0.25),
    usd(['gemini-2.5-flash-preview-04-17-nothinking', 'gemini-2.5-flash-preview-05-20-nothinking'], 0.15, 0.6, 0.25),
    withAudio(usd(['gemini-2.5-flash-lite', 'gemini-2.5-flash-lite-preview-06-17', 'gemini-2.5-flash-lite-thinking-*'], 0.1, 0.4, 0.25), 0.3),
    usd('gemini-3-pro-preview', 2, 12, 0.1),
    usd('gemini-3-pro-image-preview', 2, 120),
    // Output priced as image tokens ($30 per 1M; text output is $2.50)
    usd(['gemini-2.5-flash-image', 'gemini-2.5-flash-image-preview'], 0.3, 30),
    withAudio(usd('gemini-3-flash-preview', 0.5, 3, 0.1), 1),
    usd('gemini-embedding-001', 0.15),
    usd('text-embedding-004', 0.002),
    // PaLM 2 chat-bison (retired): $0.0005 per 1K characters in and out, about $2 per 1M tokens at 4 characters a
    // token, so ratio 1. "PaLM-2" is one-api's model name for it.
    usd(['chat-bison-001', 'PaLM-2'], 2, 2),
  ],
  {
    modelPrice: {
      'imagen-3.0-generate-002': 0.03,
      'imagen-4.0-generate-001': 0.04,
      'imagen-4.0-ultra-generate-001': 0.06,
      'imagen-4.0-fast-generate-001': 0.02,
      'veo-3.0-generate-001': 0.4,
      'veo-3.0-fast-generate-001': 0.15,
      'veo-3.1-generate-preview': 0.4,
      'veo-3.1-fast-generate-preview': 0.15,
    },
  },
);
