import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The built back-office console (npm run build:admin): from the source tree (tests) or from dist/ (npm start).
const WEB_ADMIN_DIST = [
  path.resolve(__dirname, '../../../../web-admin/dist'),
  path.resolve(__dirname, '../../../../../web-admin/dist'),
].find((dir) => existsSync(path.join(dir, 'index.html')));

const PREFIX = '/admin';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file a path under /admin names inside the build, or null (no traversal out of it). */
function fileIn(root: string, subPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(subPath);
  } catch {
    return null;
  }
  const full = path.resolve(root, '.' + decoded);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

function send(reply: FastifyReply, file: string, cacheControl: string) {
  return reply
    .header('content-type', TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
    .header('cache-control', cacheControl)
    .send(createReadStream(file));
}

/**
 * Serves web-admin/dist at /admin with its own SPA fallback: a GET under /admin that names no file
 * (and has no extension) answers the console's index.html, so that /admin/recharges/12/show loads.
 * Files are streamed here rather than through @fastify/static, which the user app registers once
 * for the whole server. Without a build it logs a warning and serves nothing.
 */
export function serveAdminApp(fastify: FastifyInstance, logger: Logger): void {
  const root = WEB_ADMIN_DIST;
  if (!root) {
    logger.warn('web-admin/dist not found: run `npm run build:admin` to serve the console at /admin');
    return;
  }
  const index = path.join(root, 'index.html');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0];
    const subPath = urlPath.slice(PREFIX.length) || '/';
    const file = fileIn(root, subPath);
    if (file && file !== index) {
      // Vite names the built assets by content hash: they never change under the same name.
      const immutable = subPath.startsWith('/assets/');
      return send(reply, file, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    }
    if (!file && /\.[a-z0-9]+$/i.test(subPath)) return reply.callNotFound();
    return send(reply, index, 'no-cache');
  };
  fastify.get(PREFIX, handler);
  fastify.get(`${PREFIX}/*`, handler);
  logger.log(`serving the back-office console at ${PREFIX} from ${root}`);
}
