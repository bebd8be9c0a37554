/** The types of next.config.mjs, for the build steps that import it (scripts/build-site.ts, scripts/check-env.ts). */
import type { NextConfig } from 'next';

export function codeBuildId(): string;
export const CONTENT_PULLED_VAR: string;
export function contentPulled(env?: NodeJS.ProcessEnv): Promise<void>;
export default function nextConfig(phase: string): Promise<NextConfig>;
