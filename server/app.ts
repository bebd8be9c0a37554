import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { securityHeaders } from '@/lib/host-files';
import { staticSite, type StaticSiteOptions } from './static-site';

export interface AppOptions {
  site: StaticSiteOptions;
}

/**
 * The bundled server: the static export with its status codes, caching and security headers. The
 * submissions service's routes are mounted here too, before the static site.
 */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  app.use('*', compress());
  app.use('/api/*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders())) c.header(name, value);
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', staticSite(options.site));
  app.onError((error, c) => {
    console.error(`server error on ${c.req.method} ${new URL(c.req.url).pathname}: ${error.message}`);
    return c.json({ message: 'Something went wrong on our side. Please try again later.' }, 500);
  });
  return app;
}
