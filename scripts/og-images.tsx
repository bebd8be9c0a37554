/**
 * Runs after `next build`, beside the post-build steps (scripts/build-site.ts calls `writeOgImages` in
 * its own process; `tsx scripts/og-images.tsx [folder] [--live]` runs it alone): writes the Open Graph image of every page in
 * the route table to out/og/<page>.png, 1200×630, from the page's title and the studio's brand.
 * Rendered by next/og (Satori and resvg, bundled with Next) with its bundled font: nothing is fetched.
 * A script rather than app/…/opengraph-image.tsx files, so that one file serves every route.
 */
import '@/lib/load-env';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { OG_IMAGE_SIZE, ogImagePath } from '@/lib/og';
import { routes } from '@/lib/routes';
import { getStudio } from '@/lib/studio';
import { buildCache, contentKey } from './build-cache';
import { OWNER_LOGO_SRC, ownerMediaFile } from '@/lib/owner/folders';
import sharp from 'sharp';

const brand = { background: '#0e0e13', accent: '#f5b301', ink: '#111', text: '#ffffff', muted: '#b9b9c6' };

/** The studio's mark (the logo's sound-wave tile), drawn inline so no file or font is needed. */
function Mark() {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: a PNG is drawn from it (Satori would print a <title> as text); the image has its alt in the page metadata
    <svg width="96" height="96" viewBox="0 0 40 40">
      <rect width="40" height="40" rx="9" fill={brand.accent} />
      <path
        d="M8 20h3m3-7v14m3-18v22m3-15v8m3-12v16m3-9v2m3-6v10"
        stroke={brand.ink}
        strokeWidth="2.4"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** The owner's logo (studio-media/brand/logo.*) as a PNG data URL, or undefined: the generated mark is drawn. */
async function ownerLogo(): Promise<string | undefined> {
  const file = ownerMediaFile(OWNER_LOGO_SRC);
  if (!file) return undefined;
  const png = await sharp(file)
    .resize(192, 192, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** What every card shows besides its page's title. */
interface CardStudio {
  name: string;
  tagline: string;
  host: string;
  logo: string | undefined;
}

function Card({ title, studio }: { title: string; studio: CardStudio }) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: brand.background,
        color: brand.text,
        borderBottom: `16px solid ${brand.accent}`,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 28 }}>
        {studio.logo ? <img src={studio.logo} width={96} height={96} alt="" /> : <Mark />}
        <div style={{ fontSize: 44, letterSpacing: 1 }}>{studio.name}</div>
      </div>
      <div style={{ display: 'flex', fontSize: title.length > 32 ? 68 : 84, lineHeight: 1.1 }}>{title}</div>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 30, color: brand.muted }}>
        <span>{studio.tagline}</span>
        <span>{studio.host}</span>
      </div>
    </div>
  );
}

/**
 * Cards are cached by what draws them (this file's code, the page's title, the studio's name,
 * tagline, host and the owner's logo), so a rebuild after an editor's save draws only the cards that changed.
 */
const drawing = contentKey(readFileSync(__filename));

/**
 * Writes the cards into `outDir`/og; `live` (a first start's deferred step, on the folder being
 * served) leaves the cache unpruned (a rebuild may be using it). Returns what it did.
 */
export async function writeOgImages(outDir: string, live: boolean): Promise<string> {
  mkdirSync(path.join(outDir, 'og'), { recursive: true });
  const cache = buildCache('og-images');
  const started = Date.now();
  const { name, tagline } = getStudio();
  const studio: CardStudio = { name, tagline, host: new URL(getEnv().SITE_URL).host, logo: await ownerLogo() };
  let drawn = 0;
  // next/og (Satori, resvg and their fonts: about 0.2 s to load) is loaded only when a card is drawn:
  // a content rebuild usually finds every card in the cache.
  let drawer: typeof import('next/og') | undefined;
  for (const route of routes) {
    const key = contentKey(
      JSON.stringify([drawing, route.title, studio.name, studio.tagline, studio.host, studio.logo ?? '']),
    );
    const card = await cache.place(`${key}.png`, path.join(outDir, ogImagePath(route.path)), async () => {
      drawer ??= require('next/og') as typeof import('next/og');
      const { ImageResponse } = drawer;
      const image = new ImageResponse(<Card title={route.title} studio={studio} />, OG_IMAGE_SIZE);
      return Buffer.from(await image.arrayBuffer());
    });
    if (!card.hit) drawn++;
  }
  if (!live) cache.prune();
  return `${routes.length} images in ${outDir}/og, ${drawn} drawn, ${routes.length - drawn} from the cache (${Date.now() - started} ms)`;
}

// Run alone: `tsx scripts/og-images.tsx [folder] [--live]`.
if (require.main === module) {
  const outDir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'out';
  writeOgImages(outDir, process.argv.includes('--live')).then(
    (done) => console.log(`og-images: ${done}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
