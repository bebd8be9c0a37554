import { developmentNotice, previewNotice } from '@/content/navigation';
import { type Env, getEnv } from '@/lib/env';

/**
 * The notice scrolling above every page: in preview (SITE_LAUNCHED=no) the "not open yet" notice;
 * else SITE_NOTICE's text, none when it is `off`, else the "under development" notice.
 */
export function siteNotice(env: Env = getEnv()): string | null {
  if (!env.SITE_LAUNCHED) return previewNotice;
  return env.SITE_NOTICE === undefined ? developmentNotice : env.SITE_NOTICE;
}
