/** The types of next.config.mjs, for the build steps that import it (scripts/build-site.ts). */
import type { NextConfig } from 'next';

export function codeBuildId(): string;
export default function nextConfig(phase: string): NextConfig;
