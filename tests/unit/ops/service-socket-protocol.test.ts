import { passedSocket, withoutSocketVariables } from '@/lib/service-socket';

/** systemd's socket passing (sd_listen_fds): a socket is taken only when it was passed to this very process. */
describe('the socket a service manager passes', () => {
  it('is file descriptor 3 when LISTEN_PID is this process and LISTEN_FDS is 1; the variables are removed either way', () => {
    const env: Record<string, string> = {
      LISTEN_PID: '4242',
      LISTEN_FDS: '1',
      LISTEN_FDNAMES: 'studio-site.socket',
      PATH: '/usr/bin',
    };
    expect(passedSocket(env, 4242)).toBe(3);
    expect(env).toEqual({ PATH: '/usr/bin' });
  });

  it("is none when it was passed to another process (a parent's, inherited) or when several were", () => {
    const inherited: Record<string, string> = { LISTEN_PID: '4241', LISTEN_FDS: '1' };
    expect(passedSocket(inherited, 4242)).toBeUndefined();
    expect(inherited).toEqual({});
    expect(passedSocket({ LISTEN_PID: '4242', LISTEN_FDS: '2' }, 4242)).toBeUndefined();
    expect(passedSocket({}, 4242)).toBeUndefined();
  });

  it("is never passed on to a child's environment", () => {
    expect(withoutSocketVariables({ LISTEN_PID: '1', LISTEN_FDS: '1', HOME: '/var/lib/studio' })).toEqual({
      HOME: '/var/lib/studio',
    });
  });
});
