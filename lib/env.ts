/**
 * The reader of the settings in `process.env`. Every variable is declared here once, with its default
 * and its check; a bad value stops the build (or the server) with one line per variable saying what is
 * wrong. The few other readers of the environment (the .env loader, child builds, scripts, benches)
 * are listed in docs/configuration.md.
 * Nothing here is ever sent to the browser except through props that pages pass on purpose; browser
 * code reads NEXT_PUBLIC_MASTERCLASS_SESSIONS and NEXT_PUBLIC_SERVICE_URL, which Next builds into the
 * page scripts, from lib/public-env.ts (`npm run lint` refuses a browser module that imports this one).
 * Node entry points load `.env` files first (lib/load-env.ts).
 */

import { siteVars } from '@/lib/env-site-vars';
import type { VarSpec } from '@/lib/env-value-checks';
import { serviceVars } from '@/lib/env-service-vars';
import { isError } from '@/lib/env-checks';
import { gstStates, stateCodeOf } from '@/lib/books/states';
import { studioDefaults } from '@/content/studio';

type Source = Readonly<Record<string, string | undefined>>;

/** Every variable: its check, its default and its documentation line. */
const spec = { ...siteVars, ...serviceVars };

export type EnvName = keyof typeof spec;
type Parsed = { -readonly [K in EnvName]: (typeof spec)[K]['fallback'] };
export type Env = Readonly<Parsed>;

/** Every variable with its documentation line, for `.env.example` and docs/configuration.md. */
export const envDocs: ReadonlyArray<{ name: EnvName; doc: string }> = (Object.keys(spec) as EnvName[]).map((name) => ({
  name,
  doc: spec[name].doc,
}));

export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Validates `source` (process.env by default) and returns the typed configuration, or throws EnvError. */
export function parseEnv(source: Source): Env {
  const problems: string[] = [];
  const out: Partial<Record<EnvName, unknown>> = {};
  for (const name of Object.keys(spec) as EnvName[]) {
    const entry: VarSpec<unknown> = spec[name];
    const raw = source[name]?.trim();
    if (raw === undefined || raw === '') {
      out[name] = entry.fallback;
      continue;
    }
    const value = entry.check(raw, name);
    if (isError(value)) {
      const shown = entry.secret ? '' : ` (got "${raw.slice(0, 60)}")`;
      problems.push(`${name} ${value.error}${shown}`);
    } else {
      out[name] = value;
    }
  }
  problems.push(...crossProblems(out));
  if (problems.length > 0) throw new EnvError(problems);
  const parsed = out as Parsed;
  if (!source.SITE_URL?.trim()) parsed.SITE_URL = listeningUrl(parsed.HOST, parsed.PORT);
  return parsed;
}

/**
 * What two settings say against each other, each problem one line: a GSTIN belongs to one state
 * (its first two digits), which must be the studio's (STUDIO_REGION, or the studio's record).
 */
function crossProblems(values: Partial<Record<EnvName, unknown>>): string[] {
  const gstin = typeof values.STUDIO_GSTIN === 'string' ? values.STUDIO_GSTIN : undefined;
  const region = typeof values.STUDIO_REGION === 'string' ? values.STUDIO_REGION : studioDefaults.address.region;
  const code = gstin?.slice(0, 2);
  if (!code || code === stateCodeOf(region)) return [];
  return [
    `STUDIO_GSTIN is registered in ${gstStates[code] ?? code} (its first two digits, ${code}), but the studio is in ${region} (STUDIO_REGION): set the GSTIN of the studio's own state, or its state`,
  ];
}

/** The address the bundled server answers on: `HOST` (localhost for every interface) and `PORT`. */
function listeningUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * Every build setting (each variable without `scope: 'server'`), as parsed, in one text: the build
 * records its digest in out/ (lib/site-build.ts) and `npm start` rebuilds when it differs.
 */
export function buildSettingsText(env: Env): string {
  const names = (Object.keys(spec) as EnvName[]).filter((name) => !('scope' in spec[name]));
  return JSON.stringify(names.map((name) => [name, env[name] ?? null]));
}

let cached: Env | undefined;

/**
 * The process's environment as a whole, for what loads it (lib/load-env.ts), checks it (the
 * check:env and check:launch commands) or hands it on (the child build). This module is the only
 * reader of process.env.
 */
export function processEnvironment(): NodeJS.ProcessEnv {
  return process.env;
}

/** Not a setting: the password `npm run staff` takes from STAFF_PASSWORD (scripts) instead of asking. */
export const staffPasswordFromEnvironment = (): string | undefined => process.env.STAFF_PASSWORD;

/**
 * LOG_DIR, also when another setting is invalid: where the line saying a start or a command failed
 * goes (its default when unset).
 */
export function logDirSetting(): string {
  try {
    return getEnv().LOG_DIR;
  } catch {
    return process.env.LOG_DIR?.trim() || serviceVars.LOG_DIR.fallback;
  }
}

/** The process's configuration, validated once. */
export function getEnv(): Env {
  if (typeof window !== 'undefined') {
    throw new Error('lib/env is build-time and server-only: pass values to client components as props.');
  }
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Whether this build pulls WordPress (CMS_URL set), for the content getters (lib/cms): they also run
 * while component tests render pages in a browser-like environment, where getEnv() refuses to run.
 */
export function cmsUrlIsSet(): boolean {
  return Boolean(process.env.CMS_URL?.trim());
}

/**
 * Not a setting: the variable in which the bundled server names, for each build it runs, the file of
 * the service's upcoming sessions (lib/sessions/at-build.ts).
 */
export const BUILD_SESSIONS_VAR = 'BUILD_SESSIONS_FILE';

/**
 * Not a setting: the variable by which the bundled server marks its rebuilds (an editor's save, the
 * daily rebuild) as content rebuilds (scripts/build-site.ts): the code was checked and compiled when
 * its release was built, so only the pages are generated again when the compiled code still fits.
 */
export const BUILD_KIND_VAR = 'BUILD_KIND';

/** Whether this build is a content rebuild (BUILD_KIND_VAR is `content`). */
export function contentRebuild(): boolean {
  return process.env[BUILD_KIND_VAR] === 'content';
}

/** The file of the service's sessions this build was given (BUILD_SESSIONS_VAR); undefined when none. */
export function buildSessionsFile(): string | undefined {
  return process.env[BUILD_SESSIONS_VAR]?.trim() || undefined;
}
