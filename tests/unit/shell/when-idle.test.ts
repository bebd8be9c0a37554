/** @jest-environment jsdom */
import { whenIdle } from '@/lib/when-idle';

afterEach(() => {
  jest.useRealTimers();
  delete (window as Partial<Window>).requestIdleCallback;
  delete (window as Partial<Window>).cancelIdleCallback;
});

describe('whenIdle: work a page wants soon, after its load', () => {
  it('waits for the idle callback where the browser has one, and cancelling drops it', () => {
    const callbacks = new Map<number, IdleRequestCallback>();
    window.requestIdleCallback = (callback) => {
      callbacks.set(callbacks.size + 1, callback);
      return callbacks.size;
    };
    window.cancelIdleCallback = (id) => void callbacks.delete(id);
    const task = jest.fn();

    const cancel = whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    expect(callbacks.size).toBe(1);
    cancel();
    expect(callbacks.size).toBe(0);

    whenIdle(task);
    for (const callback of callbacks.values()) callback({ didTimeout: false, timeRemaining: () => 10 });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs a second after the load without one (Safari), and not at all once cancelled', () => {
    jest.useFakeTimers();
    const kept = jest.fn();
    const dropped = jest.fn();
    whenIdle(kept);
    const cancel = whenIdle(dropped);
    cancel();
    jest.advanceTimersByTime(999);
    expect(kept).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });

  it('waits for the load event while the page is still loading', () => {
    jest.useFakeTimers();
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const task = jest.fn();
    whenIdle(task);
    jest.advanceTimersByTime(5000);
    expect(task).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
