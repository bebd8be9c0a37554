import type { Studio } from '@/content/studio';
import { formatIndianPhone } from '@/lib/studio-links';

/** Replaces {studio}, {email} and {phone} in content text with the studio's values. */
export function fillStudioTokens(text: string, studio: Pick<Studio, 'name' | 'email' | 'whatsapp'>): string {
  return text
    .replaceAll('{studio}', studio.name)
    .replaceAll('{email}', studio.email)
    .replaceAll('{phone}', formatIndianPhone(studio.whatsapp));
}
