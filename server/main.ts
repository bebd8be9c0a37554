/**
 * `npm start`: builds the site when out/ is missing or stale, then serves it with the submissions
 * service on one port. `npm run serve` (--no-build) serves what is there.
 */
import { serve } from '@hono/node-server';
import path from 'node:path';
import { EnvError, getEnv } from '@/lib/env';
import { createApp } from './app';
import { needsBuild, runBuild } from './build';

async function main(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const outDir = path.resolve('out');
  if (!process.argv.includes('--no-build') && needsBuild(outDir)) {
    console.log('Building the site (out/ is missing or older than the sources)…');
    const code = await runBuild();
    if (code !== 0) {
      console.error('The build failed; fix the error above and run npm start again.');
      process.exit(code);
    }
  }

  const app = createApp({ site: { root: () => outDir, analytics: Boolean(env.GTM_ID) } });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
    console.log(`Site ready at http://${host}:${info.port}`);
  });

  const stop = () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
