import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../store/db';
import { text, iso } from '../store/rows';
import { sha256 } from './people-store';

/** The visitor's own "Your data" page: one-time links by e-mail, and the answers to their requests. */
/** How long a one-time link to the "Your data" page (and what it opens) lasts. */
export const linkMinutes = 15;

// The visitor's own requests ("Your data")

/** A one-time link's token: its hash is stored, the token only travels in the e-mail. */
export async function createLink(db: Db, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.write((tx) =>
    tx.query('INSERT INTO data_links (id, email, expires_at) VALUES ($1, $2, $3)', [
      sha256(token),
      email,
      new Date(now.getTime() + linkMinutes * 60_000).toISOString(),
    ]),
  );
  return token;
}

/** Forgets a link whose e-mail was not sent, so that it does not count toward the address's limit. */
export async function dropLink(db: Db, token: string): Promise<void> {
  await db.write((tx) => tx.query('DELETE FROM data_links WHERE id = $1', [sha256(token)]));
}

/** Links sent to one address per hour at most (more asked for are silently not sent). */
const linksPerHour = 3;

/** The outbox source of a visitor's "Your data" link, and of the answer to their request. */
export const visitorMessage = { link: 'privacy-link', answer: 'privacy-answer' } as const;

/**
 * Queues a "Your data" link for `email` in the outbox, which sends it and retries it like every
 * message; the link itself is made when the e-mail is sent. Not queued while one for the address
 * waits (it will carry a fresh link), nor when linksPerHour links were sent to it in the last hour:
 * only a sent link counts, so a failed send uses up none of the visitor's attempts.
 */
export async function queueLink(db: Db, email: string, now: Date): Promise<boolean> {
  const rows = await db.write((tx) =>
    tx.query(
      `INSERT INTO outbox (source, ref_id, to_address, created_at)
     SELECT '${visitorMessage.link}', 0, $1, $2
     WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE source = '${visitorMessage.link}' AND to_address = $1
                         AND sent_at IS NULL AND created_at > $3)
       AND (SELECT count(*) FROM data_links WHERE email = $1 AND expires_at > $4) < $5
     RETURNING id`,
      [
        email,
        now.toISOString(),
        new Date(now.getTime() - 3600_000).toISOString(),
        new Date(now.getTime() - 3600_000 + linkMinutes * 60_000).toISOString(),
        linksPerHour,
      ],
    ),
  );
  return rows.length > 0;
}

/** Queues the answer to a visitor's request (its text kept only until it is sent). */
export async function queueAnswer(db: Db, email: string, requestId: number, text: string): Promise<void> {
  await db.write((tx) =>
    tx.query(
      `INSERT INTO outbox (source, ref_id, to_address, detail) VALUES ('${visitorMessage.answer}', $1, $2, $3::jsonb)`,
      [requestId, email, JSON.stringify({ text })],
    ),
  );
}

/**
 * Uses a link once: its token is spent and a session secret (valid until the link's own expiry)
 * is returned with the address. Undefined for an unknown, used or expired token.
 */
export async function openLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ session: string; email: string; expiresAt: string } | undefined> {
  const session = randomBytes(32).toString('base64url');
  const rows = await db.write((tx) =>
    tx.query<Record<string, unknown>>(
      `UPDATE data_links SET used_at = $2, session_id = $3 WHERE id = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING email, expires_at`,
      [sha256(token), now.toISOString(), sha256(session)],
    ),
  );
  const r = rows[0];
  return r ? { session, email: text(r.email), expiresAt: iso(r.expires_at) } : undefined;
}

/** The address an open session is for, while its link has not expired. */
export async function sessionEmail(db: Queryable, session: string, now: Date): Promise<string | undefined> {
  const rows = await db.query<{ email: string }>(
    'SELECT email FROM data_links WHERE session_id = $1 AND expires_at > $2',
    [sha256(session), now.toISOString()],
  );
  return rows[0]?.email;
}
