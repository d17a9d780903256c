// The ceiling of the feed bench (issue 34): bare node:http, one process per core like the real
// server (cluster), answering every request with the same bytes and headers the feed sent for
// page 1. Nothing can serve those bytes over HTTP on this machine much faster, so feed/ceiling is
// the share of the machine the product's own work leaves. Plain JavaScript: no build, no framework.
//   node bench/ceiling-server.mjs <port> <workers> <body-file> <content-type>
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';

const [port, workers, bodyFile, contentType] = process.argv.slice(2);
if (cluster.isPrimary && Number(workers) > 1) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const body = fs.readFileSync(bodyFile);
  http
    .createServer((req, res) => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    })
    .listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
  process.on('SIGTERM', () => process.exit(0));
}
