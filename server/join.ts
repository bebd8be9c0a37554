import type { RoutePath } from '@/lib/routes';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a registrant's link lets them do: open their own page, or join their session. */
export type LinkPurpose = 'page' | 'join';

/**
 * Registrants' links, signed with the server's secret (HMAC-SHA256): the registration's number and
 * a signature, nothing else. No account is needed, and nothing personal is in the address.
 */
export class RegistrantLinks {
  constructor(
    private readonly secret: string,
    private readonly siteUrl: string,
  ) {}

  private signature(purpose: LinkPurpose, id: number): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${id}`).digest('base64url').slice(0, 27);
  }

  token(purpose: LinkPurpose, registrationId: number): string {
    return `${registrationId}.${this.signature(purpose, registrationId)}`;
  }

  /** The registration a token names, when its signature is right for that purpose. */
  verify(purpose: LinkPurpose, token: string): number | undefined {
    const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{27})$/.exec(token);
    if (!m) return undefined;
    const id = Number(m[1]);
    const expected = Buffer.from(this.signature(purpose, id));
    const given = Buffer.from(m[2] ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  /** The registrant's own page: the token travels in the fragment, which browsers never send on. */
  pageUrl(registrationId: number): string {
    return `${this.siteUrl}${registrantPagePath}#${this.token('page', registrationId)}`;
  }

  /** The private join link on the studio's own address. */
  joinUrl(registrationId: number): string {
    return `${this.siteUrl}/api/join/${this.token('join', registrationId)}`;
  }
}

/** The registrant's own page (a static page that reads its token from the fragment). */
export const registrantPagePath = '/my-registration' satisfies RoutePath;
