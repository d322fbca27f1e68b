/** `data:<mime>;base64,<data>` URLs, the way OpenAI clients inline images, audio and files. */
export interface DataUrl {
  mimeType: string;
  data: string;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/s;

export function parseDataUrl(url: string): DataUrl | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  return { mimeType: match[1] || 'application/octet-stream', data: match[3] };
}

export const toDataUrl = (mimeType: string, data: string): string => `data:${mimeType};base64,${data}`;

export const isHttpUrl = (url: string): boolean => /^https?:\/\//i.test(url);

/** Guesses an image type from a URL's file extension (Gemini's fileData wants one). */
export function mimeTypeFromUrl(url: string): string | undefined {
  const path = url.split(/[?#]/)[0].toLowerCase();
  const ext = path.slice(path.lastIndexOf('.') + 1);
  const known: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    pdf: 'application/pdf',
    mp3: 'audio/mp3',
    wav: 'audio/wav',
    mp4: 'video/mp4',
  };
  return known[ext];
}
