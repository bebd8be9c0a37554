/**
 * @jest-environment node
 */
import { PassThrough } from 'node:stream';
import { type ReactNode, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { withBoundariesInPlace } from '@/lib/boundaries-in-place';

/** The whole HTML React's static renderer (as Next.js's export uses) makes of `page`. */
async function prerender(page: ReactNode, progressiveChunkSize?: number): Promise<string> {
  const { prelude } = await prerenderToNodeStream(page, { progressiveChunkSize });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const paragraphs = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `${word} ${i} `).map((text) => <p key={text}>{text.repeat(20)}</p>);

/** A page whose HTML before the form is past React's progressive chunk size (12,800 bytes). */
function Page() {
  return (
    <html lang="en">
      <body>
        <main>
          <div className="intro">{paragraphs(80, 'intro')}</div>
          <div className="card">
            <Suspense fallback={null}>
              <form method="post" action="/api/forms/query">
                <div className="field">
                  <label htmlFor="name">Name</label>
                  <input id="name" name="Name" />
                </div>
                <div>
                  <div>{paragraphs(6, 'hint')}</div>
                </div>
              </form>
            </Suspense>
          </div>
        </main>
      </body>
    </html>
  );
}

describe('the outlined boundaries of an exported page, put back in place', () => {
  it('gives the HTML React makes when it does not outline, with no hidden block and no moving script', async () => {
    const outlined = await prerender(<Page />);
    // React outlined the form: its place holds a template, the form comes later, hidden.
    expect(outlined).toContain('<template id="B:0"></template>');
    expect(outlined).toMatch(/<div hidden id="S:0"><form/);
    expect(outlined).toContain('$RC("B:0","S:0")');

    const inPlace = withBoundariesInPlace(outlined);
    const notOutlined = await prerender(<Page />, Number.POSITIVE_INFINITY);
    expect(notOutlined).not.toContain('hidden id="S:');
    // React marks its first paint's time for later reveals with a script of its own; nothing else differs.
    const mark = '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>';
    expect(inPlace?.replace(mark, '')).toBe(notOutlined.replace(mark, ''));
  });

  it('leaves a page without outlined boundaries as it is', async () => {
    const html = await prerender(<Page />, Number.POSITIVE_INFINITY);
    expect(withBoundariesInPlace(html)).toBe(html);
  });

  it('refuses markup it does not know rather than guess', () => {
    // A hidden block that no script moves, and a completing script with a call of another kind.
    expect(withBoundariesInPlace('<div hidden id="S:0"><p>x</p></div>')).toBeUndefined();
    expect(
      withBoundariesInPlace(
        '<!--$?--><template id="B:0"></template><!--/$--><div hidden id="S:0"><p>x</p></div><script>$RB=[];$RC=function(a,b){};$RS("S:1","P:1");$RC("B:0","S:0")</script>',
      ),
    ).toBeUndefined();
  });
});
