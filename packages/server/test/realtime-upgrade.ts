import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** What the gateway answered an upgrade request: 101 with no body, or a refusal's status, headers and body. */
export interface UpgradeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A WebSocket upgrade request by hand (`upgrade` false: a plain GET), to see a refusal's status, headers
 * and body, which a WebSocket client would hide. An accepted upgrade's socket is closed at once.
 */
export function upgradeRequest(url: string, headers: Record<string, string>, upgrade = true): Promise<UpgradeAnswer> {
  const handshake = upgrade ? { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64') } : {};
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { ...handshake, ...headers } });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
