import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Logger, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serveAdminApp } from './admin-app';

// The built user app (npm run build:web): from the source tree (tests) or from dist/ (npm start).
const WEB_USER_DIST = [
  path.resolve(__dirname, '../../../../web-user/dist'),
  path.resolve(__dirname, '../../../../../web-user/dist'),
].find((dir) => existsSync(path.join(dir, 'index.html')));

/** Paths that belong to the API, the sockets and the logos: never answered with the app. */
const NOT_THE_APP = /^\/(swx(\/|$)|healthz$|livez$|socket\.io(\/|$)|assets\/logos\/)/;

/** Whether a request path names a file inside the build (no traversal out of it). */
function fileIn(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const full = path.resolve(root, '.' + decoded);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    return statSync(full).isFile() ? path.relative(root, full) : null;
  } catch {
    return null;
  }
}

/**
 * Serves web-user/dist at / with the SPA fallback: a GET of a path that is no file and not an API
 * path answers index.html, so that history-mode routes (/market, /profile/info) load the app.
 * Without a build it logs a warning and serves nothing (the API tests run without one).
 */
@Module({})
export class WebModule implements OnModuleInit {
  private readonly logger = new Logger('WebModule');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    serveAdminApp(this.adapterHost.httpAdapter.getInstance<FastifyInstance>(), this.logger);
    const root = WEB_USER_DIST;
    if (!root) {
      this.logger.warn('web-user/dist not found (run `npm run build:web`); the user app is not served');
      return;
    }
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register(fastifyStatic, { root, serve: false });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const urlPath = request.url.split('?')[0];
      if (NOT_THE_APP.test(urlPath)) return reply.callNotFound();
      const file = fileIn(root, urlPath);
      if (file && file !== 'index.html') {
        // Vite names the built assets by content hash: they never change under the same name.
        const immutable = file.startsWith(`assets${path.sep}`);
        return reply.sendFile(file, { maxAge: immutable ? '365d' : '1h', immutable });
      }
      // A missing asset-like path (with an extension) is a 404, not the app.
      if (!file && /\.[a-z0-9]+$/i.test(urlPath)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    };
    fastify.get('/', handler);
    fastify.get('/*', handler);
    this.logger.log(`serving the user app from ${root}`);
  }
}
