import { whenIslandWanted } from '@/lib/island-wanted';

/** Whether the promise has settled after the pending callbacks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('when a part of the page hydrated late loads its code', () => {
  afterEach(() => {
    delete document.documentElement.dataset.hydrated;
    jest.restoreAllMocks();
  });

  it('at once on the server, and after a client-side navigation (the page is already live)', async () => {
    expect(await settled(whenIslandWanted(undefined))).toBe(true);
    document.documentElement.dataset.hydrated = '';
    expect(await settled(whenIslandWanted(window))).toBe(true);
  });

  it('at the first touch of the page, before the phone is idle', async () => {
    const idle = jest.fn(() => 1);
    Object.assign(window, { requestIdleCallback: idle });
    const wanted = whenIslandWanted(window);
    expect(await settled(wanted)).toBe(false);
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(await settled(wanted)).toBe(true);
  });

  it('once the page has loaded and the phone is idle', async () => {
    let runIdle: () => void = () => {};
    Object.assign(window, {
      requestIdleCallback: jest.fn((callback: () => void) => {
        runIdle = callback;
        return 1;
      }),
    });
    // jsdom's document has loaded, as a page has when its script hydrates after the load event.
    expect(document.readyState).toBe('complete');
    const wanted = whenIslandWanted(window);
    expect(await settled(wanted)).toBe(false);
    runIdle();
    expect(await settled(wanted)).toBe(true);
  });
});
