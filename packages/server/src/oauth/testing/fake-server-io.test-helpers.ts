import { get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** What the fake providers share: reading a request body, answering JSON, playing the browser at the authorization page. */
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => resolve(raw));
  });

export const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Visits an authorization page: answers where the provider sends the browser back (with a code). */
export async function followAuthorize(authorizeUrl: string): Promise<string> {
  const res = await new Promise<IncomingMessage>((resolve, reject) => get(authorizeUrl, resolve).on('error', reject));
  res.resume();
  const location = res.headers.location;
  if (res.statusCode !== 302 || !location) throw new Error(`the fake authorization page answered HTTP ${res.statusCode}`);
  return location;
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
