import { developmentNotice } from '@/content/navigation';
import { type Env, getEnv } from '@/lib/env';

/** The notice scrolling above every page: SITE_NOTICE's text, none when it is `off`, else the "under development" notice. */
export function siteNotice(env: Env = getEnv()): string | null {
  return env.SITE_NOTICE === undefined ? developmentNotice : env.SITE_NOTICE;
}
