// A static host for the built site, as GitHub Pages serves it: gzip for text
// and wasm, ETags and 304s, a ten-minute max-age. Used by the budget and the
// long-game benchmark; `onResponse` hears {path, status, bytes} of each reply.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const compressible = new Set(['.html', '.js', '.wasm', '.css', '.svg', '.txt', '.webmanifest']);

/** Serves `dir` on 127.0.0.1 at a free port; resolves to the listening server. */
export async function serve(dir, onResponse = () => {}) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      onResponse({ path, status: 404, bytes: 0 });
      return;
    }
    const body = readFileSync(file);
    const etag = `"${statSync(file).mtimeMs.toString(36)}-${body.length.toString(36)}"`;
    const headers = {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      ETag: etag,
      'Cache-Control': 'max-age=600',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      onResponse({ path, status: 304, bytes: 0 });
      return;
    }
    let sent = body;
    if (compressible.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      sent = gzipSync(body, { level: 9 });
      headers['Content-Encoding'] = 'gzip';
    }
    res.writeHead(200, { ...headers, 'Content-Length': sent.length }).end(sent);
    onResponse({ path, status: 200, bytes: sent.length });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return server;
}
