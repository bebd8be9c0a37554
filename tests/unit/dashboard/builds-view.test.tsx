import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { BuildsView } from '@/components/dashboard/builds-view';

/**
 * The Site builds view as staff read it: a build an editor's save stopped reads as stopped, not as
 * a failure, and the prices warning is an alert. The service's answers are stand-ins here (making a
 * real server stop a build takes a real site build); tests/unit/service/rebuild-replace.test.ts and
 * price-check.test.ts get the same answers from the real routes.
 */

const warning = 'The pages show the masterclass at ₹149 + GST but the service charges ₹99 + GST: rebuild the site.';
const builds = {
  enabled: true,
  busy: true,
  warnings: [warning],
  builds: [
    {
      id: 8,
      status: 'running',
      reason: 'News item 57 saved; daily rebuild',
      startedAt: '2026-11-27T02:00:05.000Z',
      finishedAt: null,
      durationMs: null,
      firstError: '',
      logTail: '',
    },
    {
      id: 7,
      status: 'replaced',
      reason: 'daily rebuild',
      startedAt: '2026-11-27T02:00:00.000Z',
      finishedAt: '2026-11-27T02:00:05.000Z',
      durationMs: 5000,
      firstError: 'Stopped for a newer request (News item 57 saved); the build after it has this one’s reasons too.',
      logTail:
        'generating pages\nStopped for a newer request (News item 57 saved); the build after it has this one’s reasons too.',
    },
  ],
};

/** A JSON answer (jsdom has no Response: the fields the client reads). */
function answer(body: unknown, status = 200) {
  return {
    ok: status < 300,
    status,
    headers: new Map([['content-type', 'application/json']]),
    json: async () => body,
    text: async () => JSON.stringify(body),
  };
}

beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/builds')) return answer(builds);
    if (url.endsWith('/api/backups')) return answer({ latest: null, lastRun: null });
    return answer({ message: 'Not found.' }, 404);
  }) as unknown as typeof fetch;
});

test('a build stopped for an editor’s save reads as stopped, with no error or log to act on', async () => {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <BuildsView />
    </SWRConfig>,
  );
  const stopped = (await screen.findByText(/#7/)).closest('li') as HTMLElement;
  expect(stopped).toHaveTextContent('Stopped: replaced by a newer request');
  expect(stopped).toHaveTextContent('Stopped for a newer request (News item 57 saved)');
  expect(stopped).not.toHaveTextContent('Why:');
  expect(stopped).not.toHaveTextContent('Failed');
  expect(stopped.querySelector('details')).toBeNull();
  expect((await screen.findByText(/#8/)).closest('li')).toHaveTextContent('Building…');
  expect(screen.getByRole('alert')).toHaveTextContent(warning);
});
