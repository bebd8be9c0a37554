/**
 * The listening socket a service manager holds for the site (deploy/studio-site.socket): systemd
 * opens the port itself and passes it to the server it starts, as file descriptor 3, by the
 * sd_listen_fds protocol (LISTEN_PID names the process it is for, LISTEN_FDS how many it passed).
 * Between a server's stop and the next one's start (a `systemctl restart`, or an update's stop that
 * systemd answers by starting the server again) the port stays open: connections wait in the
 * kernel's queue instead of being refused. See docs/deploying-and-operating.md.
 */

/** A process's environment (process.env, or one a child is given). */
type Environment = Record<string, string | undefined>;

/** The variables of the protocol: never passed on to a child, which would take them for its own. */
const socketVariables = ['LISTEN_PID', 'LISTEN_FDS', 'LISTEN_FDNAMES'] as const;

/** The file descriptor of the first socket passed. */
const firstPassedFd = 3;

/**
 * The listening socket passed to process `pid` (file descriptor 3) when `env` says one was (LISTEN_PID
 * is `pid`, LISTEN_FDS is 1); undefined otherwise. The protocol's variables are removed from `env`
 * either way.
 */
export function passedSocket(env: Environment, pid: number): number | undefined {
  const ours = env.LISTEN_PID === String(pid) && env.LISTEN_FDS === '1';
  for (const name of socketVariables) delete env[name];
  return ours ? firstPassedFd : undefined;
}

/** `env` without the protocol's variables: the environment a child is started in. */
export const withoutSocketVariables = <T extends Environment>(env: T): T =>
  Object.fromEntries(
    Object.entries(env).filter(([name]) => !(socketVariables as readonly string[]).includes(name)),
  ) as T;
