// The throughput baseline: a bare node:http server answering fixed paths with fixed bytes.
// Usage: node bench/bare-server.mjs PORT ROUTES.json   (ROUTES: [{ "path", "file", "contentType" }])
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, routesFile] = process.argv.slice(2);
const routes = new Map();
for (const { path, file, contentType } of routesFile ? JSON.parse(readFileSync(routesFile, 'utf8')) : []) {
  const body = readFileSync(file);
  routes.set(path, { body, headers: { 'content-type': contentType, 'content-length': String(body.length) } });
}

createServer((req, res) => {
  const route = routes.get(req.url);
  if (!route) {
    res.writeHead(req.url === '/' ? 200 : 404).end();
    return;
  }
  res.writeHead(200, route.headers);
  res.end(route.body);
}).listen(Number(port), '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
