import { createHmac, timingSafeEqual } from 'node:crypto';
import { codeAlphabet, ticketPattern, type TicketView } from '@/lib/sessions/ticket';
import { storedIdOf } from '@/lib/stored-integer';

/** What a ticket is made for: a seat, its session, and the seat's own random key. */
export interface TicketSubject {
  seatId: number;
  sessionId: number;
  linkKey: string;
}

/**
 * Door tickets, signed with the server's secret for registrants' links (HMAC-SHA256, each use of it
 * named in what is signed): the token names the seat and its session, so a ticket is refused at
 * another session's door, and a seat moved to another session needs its new ticket. The short code
 * (8 letters and digits) is the seat's own, checked against the seats of the session at the door.
 */
export class DoorTickets {
  constructor(private readonly secret: string) {}

  private mac(text: string): Buffer {
    return createHmac('sha256', this.secret).update(text).digest();
  }

  private signature(s: TicketSubject): string {
    return this.mac(`ticket:${s.seatId}:${s.sessionId}:${s.linkKey}`).toString('base64url').slice(0, 22);
  }

  token(s: TicketSubject): string {
    return `T${s.seatId}.${s.sessionId}.${this.signature(s)}`;
  }

  /** The seat's short code: 8 of the code alphabet's letters, from the seat's number and key. */
  code(s: Pick<TicketSubject, 'seatId' | 'linkKey'>): string {
    const bytes = this.mac(`code:${s.seatId}:${s.linkKey}`);
    return [...bytes.subarray(0, 8)].map((b) => codeAlphabet[b % codeAlphabet.length]).join('');
  }

  view(s: TicketSubject): TicketView {
    return { token: this.token(s), code: this.code(s) };
  }

  /**
   * The seat and session a token names, unchecked: check it with `verify` against the seat found;
   * undefined when it names none (numbers no seat or session can have included).
   */
  static named(token: string): { seatId: number; sessionId: number } | undefined {
    const m = ticketPattern.exec(token);
    const seatId = storedIdOf(m?.[1] ?? '');
    const sessionId = storedIdOf(m?.[2] ?? '');
    return seatId !== undefined && sessionId !== undefined ? { seatId, sessionId } : undefined;
  }

  /** Whether the token's signature is right for this seat, session and key. */
  verify(token: string, s: TicketSubject): boolean {
    const given = Buffer.from(ticketPattern.exec(token)?.[3] ?? '');
    const expected = Buffer.from(this.signature(s));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
