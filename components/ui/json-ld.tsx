import { serializeJsonLd, type JsonLd as JsonLdData } from '@/lib/structured-data';

/** Structured data for search engines, as a JSON-LD script in the page's HTML. */
export function JsonLd({ data }: { data: JsonLdData | readonly JsonLdData[] }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; serializeJsonLd escapes `<` so no text can close the script.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
