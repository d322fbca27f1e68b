/** One entry of the site's chat list (status `chats`: a list of `{name: link template}` objects). */
export interface ChatLink {
  name: string;
  template: string;
}

export function chatLinksOf(chats: unknown): ChatLink[] {
  if (!Array.isArray(chats)) return [];
  return chats.flatMap((entry) =>
    entry && typeof entry === 'object'
      ? Object.entries(entry as Record<string, unknown>)
          .filter((e): e is [string, string] => typeof e[1] === 'string')
          .map(([name, template]) => ({ name, template }))
      : [],
  );
}

/** Base64 of UTF-8 text (btoa alone only takes Latin-1). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Fills a chat link template: `{key}` becomes the full `sk-` key, `{address}` the server address, and
 * `{cherryConfig}` the provider settings Cherry Studio reads from its import link. Returns null when the
 * result is not a usable link (spec 3 §8 "chat link configuration error").
 */
export function buildChatUrl(template: string, fullKey: string, address: string, siteName: string): string | null {
  const trimmed = template.trim();
  if (!trimmed) return null;
  const cherry = encodeURIComponent(base64(JSON.stringify({ id: 'gateway', name: siteName, baseUrl: address, apiKey: fullKey })));
  const url = trimmed.split('{key}').join(fullKey).split('{address}').join(address).split('{cherryConfig}').join(cherry);
  try {
    new URL(url);
    return url;
  } catch {
    return null;
  }
}
