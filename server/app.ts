import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { securityHeaders } from '@/lib/host-files';
import { serviceRoutes, type ServiceOptions } from './service';
import { staticSite, type StaticSiteOptions } from './static-site';

export interface AppOptions {
  /** The static export; absent in tests of the service alone. */
  site?: StaticSiteOptions;
  /** The submissions service; absent to serve the static site alone. */
  service?: ServiceOptions;
}

/**
 * The bundled server: the submissions service's routes first, then the static export with its
 * status codes, caching and security headers.
 */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  app.use('*', compress());
  const serviceHeaders = async (c: Parameters<Parameters<typeof app.use>[1]>[0], next: () => Promise<void>) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders())) c.header(name, value);
    c.header('Cache-Control', 'no-store');
  };
  app.use('/api/*', serviceHeaders);
  app.use('/pro-audio-form/*', serviceHeaders);
  if (options.service) app.route('/', serviceRoutes(options.service));
  if (options.site) app.use('*', staticSite(options.site));
  app.onError((error, c) => {
    console.error(`server error on ${c.req.method} ${new URL(c.req.url).pathname}: ${error.message}`);
    return c.json({ message: 'Something went wrong on our side. Please try again later.' }, 500);
  });
  return app;
}
