/**
 * Loads the `.env` files of the working folder into the environment exactly as `next build` does
 * (`@next/env`'s loadEnvConfig, production mode: `.env.production.local`, `.env.local`,
 * `.env.production`, `.env`; a variable already set in the environment wins). Every entry point
 * (the server, the build steps, the CMS commands, the staff command, the benches) imports this
 * module FIRST, so that whatever it imports next reads the same configuration the pages were built
 * with. Node only: the browser never imports it (lib/env.ts reads the result).
 */
import { loadEnvConfig } from '@next/env';
import { withoutSocketVariables } from './service-socket';
import { processEnvironment } from './env';

/**
 * The environment as the process received it, before any file was read: what a child build must
 * start from. Without the variables of a listening socket a service manager passed (they are this
 * process's only).
 */
export const environmentBeforeFiles: Readonly<NodeJS.ProcessEnv> = withoutSocketVariables(processEnvironment());

const quiet = { info: () => undefined, error: (...args: unknown[]) => console.error(...args) };

/** The files read, in order of precedence (for a start-up line). */
export const loadedEnvFiles: readonly string[] = loadEnvConfig(process.cwd(), false, quiet).loadedEnvFiles.map(
  (file) => file.path,
);
