// The throughput baseline: a bare node:http server answering fixed paths with fixed bytes.
// Usage: node bench/bare-server.mjs PORT ROUTES.json
// ROUTES: [{ "path", "file", "contentType", "headers"? }]. With `headers` (flat [name, value, …], the
// service's own response headers) each answer also carries a fresh x-correlation-id, as the service's
// do: the same bytes as the service sends. Without, only Content-Type and Content-Length.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, routesFile] = process.argv.slice(2);
const routes = new Map();
for (const { path, file, contentType, headers } of routesFile ? JSON.parse(readFileSync(routesFile, 'utf8')) : []) {
  const body = readFileSync(file);
  const length = String(body.length);
  routes.set(path, {
    body,
    headers: headers ? [...headers, 'content-length', length] : ['content-type', contentType, 'content-length', length],
    correlated: Boolean(headers),
  });
}

createServer((req, res) => {
  const route = routes.get(req.url);
  if (!route) {
    res.writeHead(req.url === '/' ? 200 : 404).end();
    return;
  }
  res.writeHead(200, route.correlated ? [...route.headers, 'x-correlation-id', randomUUID()] : route.headers);
  res.end(route.body);
}).listen(Number(port), '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
