/**
 * AIProxy library answers → hub chat completion. The library reports no usage (the pipeline counts
 * tokens itself). Its source documents follow the answer as a numbered markdown list under one-api's
 * heading "参考文档：" ("Reference documents:"), kept so answers read the same after a move from one-api.
 */
import { nowSeconds, randomId } from '../../formats/ids.js';
import type { ChatCompletion } from '../../formats/openai/types.js';
import { RelayError } from '../../relay-error.js';
import type { LibraryAnswer, LibraryDocument } from './types.js';
import { isJsonObject } from '../../formats/json-object.js';

export const DOCUMENTS_HEADING = '参考文档：';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Brackets in a title and parentheses or blanks in a URL would end the markdown link early. */
const linkTitle = (title: string) => title.replace(/[[\]]/g, (c) => `\\${c}`);
const linkUrl = (url: string) => url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** `\n\n参考文档：\n1. [title](url)\n…`, or '' when there are no documents. */
export function documentsMarkdown(documents: unknown): string {
  const list = Array.isArray(documents) ? documents.filter(isJsonObject) : [];
  if (list.length === 0) return '';
  const lines = list.map((doc: LibraryDocument, i) => {
    const url = text(doc.url);
    return `${i + 1}. [${linkTitle(text(doc.title) || url)}](${linkUrl(url)})\n`;
  });
  return `\n\n${DOCUMENTS_HEADING}\n${lines.join('')}`;
}

/** The failure an answer reports (`errCode` other than 0, or `success: false`), if it reports one. */
export function libraryFailure(value: unknown): RelayError | undefined {
  if (!isJsonObject(value)) return undefined;
  const code = typeof value.errCode === 'number' ? value.errCode : 0;
  if (code === 0 && value.success !== false) return undefined;
  const message = text(value.message) || 'the knowledge base refused the question';
  return new RelayError(502, 'upstream_error', `AI Proxy knowledge base error${code ? ` ${code}` : ''}: ${message}`, 'upstream');
}

export function fromLibraryAnswer(answer: LibraryAnswer, model: string): ChatCompletion {
  const failure = libraryFailure(answer);
  if (failure) throw failure;
  return {
    id: randomId('chatcmpl-'),
    object: 'chat.completion',
    created: nowSeconds(),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: (typeof answer.answer === 'string' ? answer.answer : '') + documentsMarkdown(answer.documents) },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
  };
}
