/**
 * @jest-environment node
 *
 * Making the site one's own changes no tracked file: on a fresh clone of this repository (its
 * committed HEAD), the owner sets their identity in .env, edits the content the first build seeded
 * into studio-content/ and puts photos in studio-media/; the real pre-build steps (the content
 * step and its photo step with sharp, the launch check) use them, and `git status` stays empty,
 * so the next `git pull` cannot conflict.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(__dirname, '../../..');

/** Runs a project script in `cwd` as npm does, with only the given variables. */
function run(cwd: string, args: readonly string[]) {
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), args, {
    cwd,
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A photo-like JPEG (noise, so it is nothing like the generated placeholders). */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

jest.setTimeout(300_000);

it("keeps the owner's identity, content and photos out of git, and the build uses them", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-owner-'));
  try {
    const clone = path.join(dir, 'site');
    execFileSync('git', ['clone', '--quiet', root, clone]);
    // The clone shares this checkout's packages (a link, git-ignored like the folder it stands for).
    symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'));
    const git = (...args: string[]) => execFileSync('git', ['-C', clone, ...args], { encoding: 'utf8' });

    // The identity and settings: .env.
    writeFileSync(path.join(clone, '.env'), 'STUDIO_NAME=Rhythm House\nPORT=6100\n');
    // The first build seeds the content folder from the shipped snapshots.
    const first = run(clone, ['scripts/cms-sync.ts']);
    expect(first.status).toBe(0);
    expect(first.output).toContain('studio-content/ started from the shipped snapshots');
    const artists = path.join(clone, 'studio-content/artists.json');
    expect(existsSync(artists)).toBe(true);

    // The owner edits the content and puts their photos in place of the generated ones.
    writeFileSync(artists, readFileSync(artists, 'utf8').replace('"Aarohi"', '"Meher Rao"'));
    mkdirSync(path.join(clone, 'studio-media/carousel'), { recursive: true });
    mkdirSync(path.join(clone, 'studio-media/services'), { recursive: true });
    writeFileSync(path.join(clone, 'studio-media/carousel/slide-01.jpg'), await photo(900, 600));
    writeFileSync(path.join(clone, 'studio-media/services/mixing.png'), await photo(128, 128));
    // The studio's logo, for the Open Graph cards: a plain blue square.
    mkdirSync(path.join(clone, 'studio-media/brand'), { recursive: true });
    const blue = { r: 20, g: 60, b: 200 };
    writeFileSync(
      path.join(clone, 'studio-media/brand/logo.png'),
      await sharp({ create: { width: 300, height: 300, channels: 3, background: blue } })
        .png()
        .toBuffer(),
    );
    const second = run(clone, ['scripts/cms-sync.ts']);
    expect(second.status).toBe(0);
    expect(second.output).not.toContain('started from the shipped snapshots');

    // The photo step made the slide and the icon from the owner's files.
    const manifest = JSON.parse(readFileSync(path.join(clone, '.cache/images/manifest.json'), 'utf8')) as Record<
      string,
      { width: number; height: number }
    >;
    expect(manifest['/media/carousel/slide-01.webp']).toMatchObject({ width: 900, height: 600 });
    expect(manifest['/media/services/mixing.svg']).toMatchObject({ width: 128, height: 128 });

    // The launch check reads the owner's folders: what they replaced is no longer listed.
    const check = run(clone, ['--conditions=react-server', 'scripts/check-launch.ts']);
    expect(check.status).toBe(1);
    expect(check.output).not.toContain('studio-media/carousel/slide-01.jpg');
    expect(check.output).not.toContain('studio-media/services/mixing.jpg');
    expect(check.output).not.toContain('"Aarohi"');
    expect(check.output).not.toContain('studio-media/brand/logo');
    expect(check.output).toContain('  - studio-media/carousel/slide-02.jpg (or .png, .webp): ');
    expect(check.output).toContain('  - studio-content/artists.json: "The Monsoon Lines"');
    // .env's PORT is the site's address while SITE_URL is unset.
    expect(check.output).toContain('SITE_URL in .env: "http://localhost:6100" is this machine');

    // Every page's Open Graph card carries the owner's logo where the generated mark was.
    const cards = path.join(dir, 'cards');
    expect(run(clone, ['scripts/og-images.tsx', cards]).status).toBe(0);
    const { data } = await sharp(path.join(cards, 'og/home.png'))
      .extract({ left: 110, top: 110, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([blue.r, blue.g, blue.b]);

    // Nothing tracked changed, nothing untracked appeared: an update pulls cleanly.
    expect(git('status', '--porcelain')).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
