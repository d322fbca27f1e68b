// The floor: the simplest keep-alive reverse proxy Node can run (no parsing, no auth, no billing).
// The gateway is measured against it: whatever this costs, a gateway cannot avoid.
import http from 'node:http';

export function startFloorProxy(upstreamPort) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startFloorProxy(Number(process.argv[2]));
  console.log(server.address().port);
}
