import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookNotification } from '@gw/contracts';

export interface WebhookDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: WebhookNotification;
}

export interface WebhookReceiver {
  url: string;
  deliveries: WebhookDelivery[];
  close(): Promise<void>;
}

/** A webhook receiver on loopback that records every POST; `/slow` answers after `slowMs`. */
export async function startWebhookReceiver(slowMs = 1500): Promise<WebhookReceiver> {
  const deliveries: WebhookDelivery[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', headers: req.headers, raw, body: JSON.parse(raw) as WebhookNotification });
      setTimeout(() => res.writeHead(204).end(), req.url === '/slow' ? slowMs : 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
