import { cny, usd, vendorPricing } from './price-rows.js';

/**
 * Chinese vendors: DeepSeek (USD list), Alibaba Qwen, Zhipu GLM, Moonshot Kimi, ByteDance Doubao
 * (Volcano Ark model ids), Tencent Hunyuan, Baidu ERNIE, 01.AI, MiniMax, and SiliconFlow-style
 * `org/Model` names. Yuan prices are the lowest (shortest-context) tier.
 */
export const chinesePricing = vendorPricing([
  // DeepSeek
  usd(['deepseek-chat', 'deepseek-coder'], 0.27, 1.1, 0.25),
  usd('deepseek-reasoner', 0.55, 2.19, 0.25),
  // Alibaba Qwen (DashScope)
  cny('qwen-turbo', 0.3, 0.6),
  cny('qwen-plus', 0.8, 2),
  cny('qwen-max', 2.4, 9.6),
  cny('qwen-long', 0.5, 2),
  cny('qwen-vl-plus', 1.5, 4.5),
  cny('qwen-vl-max', 3, 9),
  cny('qwq-plus', 1.6, 4),
  cny('qwen3-max', 6, 24),
  cny(['qwen3-235b-a22b', 'qwen3-32b'], 2, 8),
  cny('qwen3-30b-a3b', 0.75, 3),
  cny('qwen3-14b', 1, 4),
  cny('qwen3-8b', 0.5, 2),
  cny('qwen3-coder-plus', 4, 16),
  cny('qwen3-coder-flash', 1, 4),
  usd('text-embedding-v1', 0.1),
  cny(['text-embedding-v3', 'text-embedding-v4'], 0.5),
  // Zhipu GLM (glm-4 keeps the value one-api always shipped)
  usd('glm-4', 14.286),
  cny('glm-4-plus', 5, 5),
  cny('glm-4-air', 0.5, 0.5),
  cny('glm-4-airx', 10, 10),
  cny('glm-4-long', 1, 1),
  cny('glm-4-flashx', 0.1, 0.1),
  cny(['glm-4-flash', 'glm-4.5-flash'], 0),
  cny('glm-4v-plus', 4, 4),
  cny(['glm-4.5', 'glm-4.6'], 2, 8),
  cny('glm-4.5-air', 0.8, 2),
  cny('glm-4.5v', 2, 6),
  cny('embedding-3', 0.5),
  // Moonshot Kimi
  cny('moonshot-v1-8k', 2, 10),
  cny('moonshot-v1-32k', 5, 20),
  cny('moonshot-v1-128k', 10, 30),
  cny(['kimi-k2-0711-preview', 'kimi-k2-0905-preview', 'kimi-k2-thinking'], 4, 16),
  cny('kimi-k2-turbo-preview', 8, 58),
  // ByteDance Doubao
  cny('doubao-seed-1-6-250615', 0.8, 8),
  cny('doubao-seed-1-6-flash-250615', 0.15, 1.5),
  cny('doubao-1-5-pro-32k-250115', 0.8, 2),
  cny('doubao-1-5-lite-32k-250115', 0.3, 0.6),
  cny('doubao-1-5-pro-256k-250115', 5, 9),
  cny('doubao-1-5-thinking-pro-250415', 4, 16),
  cny('doubao-1-5-vision-pro-32k-250115', 3, 9),
  cny('doubao-embedding-text-240715', 0.5),
  // Tencent Hunyuan
  cny('hunyuan-lite', 0),
  cny(['hunyuan-standard', 'hunyuan-turbos-latest'], 0.8, 2),
  cny('hunyuan-turbo', 2.4, 9.6),
  cny('hunyuan-t1-latest', 1, 4),
  cny('hunyuan-large', 4, 12),
  cny('hunyuan-vision', 18, 18),
  cny('hunyuan-embedding', 0.7),
  // Baidu ERNIE
  cny('ERNIE-4.0-8K', 120, 120),
  cny('ERNIE-4.0-Turbo-8K', 20, 60),
  cny('ERNIE-3.5-8K', 12, 12),
  cny(['ERNIE-Speed-8K', 'ERNIE-Speed-128K'], 4, 8),
  cny('ERNIE-Lite-8K', 3, 6),
  cny('ERNIE-Tiny-8K', 1, 1),
  cny('ernie-4.5-turbo-128k', 0.8, 3.2),
  cny('ernie-x1-turbo-32k', 1, 4),
  cny(['Embedding-V1', 'bge-large-zh', 'bge-large-en'], 2),
  // 01.AI and MiniMax
  cny('yi-lightning', 0.99, 0.99),
  cny('yi-large', 20, 20),
  usd('MiniMax-M2', 0.3, 1.2),
  cny('MiniMax-Text-01', 1, 8),
  cny('abab6.5s-chat', 1, 1),
  // SiliconFlow-style names
  cny(['deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-V3.1'], 2, 8),
  cny('deepseek-ai/DeepSeek-R1', 4, 16),
  cny('Qwen/Qwen3-235B-A22B', 2.5, 10),
  cny('Qwen/Qwen2.5-72B-Instruct', 4.13, 4.13),
]);
