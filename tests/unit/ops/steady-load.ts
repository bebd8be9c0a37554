/**
 * The steady load the switch tests put on a site while it updates or restarts: a page view and a
 * sign-up every 100 ms (tests/unit/ops/update.test.ts, service-socket.test.ts).
 */
interface Answer {
  readonly at: number;
  readonly ms: number;
  readonly ok: boolean;
  /** Why it failed: the connection's error (ECONNREFUSED: no server listening) or the answer's status. */
  readonly why?: string;
}

/**
 * Page views and sign-ups, one of each every 100 ms, until stopped, each on a connection of its own
 * (`Connection: close`): a request sent on a kept-alive connection at the moment the stopping server
 * closes it is lost to this client, where a browser sends it again on a new connection (the race
 * of HTTP keep-alive, which no server can close: see docs/decisions.md).
 */
export function steadyLoad(port: number, opts: { pageAnswered?: (status: number) => boolean } = {}) {
  const pageAnswered = opts.pageAnswered ?? ((status: number) => status === 200);
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  let going = true;
  /** A request's answer: true when it is what was asked, else why not (what was asked and the status). */
  const timed = async (request: () => Promise<true | string>) => {
    const at = Date.now();
    const result = await request().then(
      (answer) => (answer === true ? { ok: true } : { ok: false, why: answer }),
      (error: Error & { cause?: { code?: string } }) => ({ ok: false, why: error.cause?.code ?? error.message }),
    );
    answers.push({ at, ms: Date.now() - at, ...result });
  };
  const loop = (async () => {
    for (let i = 0; going; i++) {
      await Promise.all([
        timed(async () => {
          const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { Connection: 'close' } });
          await res.arrayBuffer();
          return pageAnswered(res.status) || `page ${res.status}`;
        }),
        timed(async () => {
          const fullName = `Load ${i}`;
          const res = await fetch(`http://127.0.0.1:${port}/pro-audio-form/save-form.php`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Connection: 'close' },
            body: JSON.stringify({ fullName, email: `load${i}@example.com`, phone: '9876543210' }),
          });
          const answer = await res.text();
          if (res.status !== 201) return `sign-up ${res.status} ${answer.slice(0, 120)}`;
          acknowledged.push(fullName);
          return true;
        }),
        new Promise((r) => setTimeout(r, 100)),
      ]);
    }
  })();
  return {
    async stop() {
      going = false;
      await loop;
      const refused = answers.filter((a) => !a.ok);
      const first = Math.min(...refused.map((a) => a.at));
      const last = Math.max(...refused.map((a) => a.at + a.ms));
      const slowestMs = Math.max(...answers.map((a) => a.ms));
      return {
        answers,
        acknowledged,
        refused: refused.length,
        refusedMs: refused.length ? last - first : 0,
        why: refused.map((a) => a.why).join(', '),
        slowestMs,
      };
    },
  };
}
