import type { RoutePath } from '@/lib/routes';
import { joinPrefix, linkTokenParts } from '@/lib/sessions/registrant';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a registrant's link lets them do: open their own page, or join their session. */
export type LinkPurpose = 'page' | 'join';

/** What a link is made for: a registration's number and its seat's own random key. */
export interface LinkSubject {
  registrationId: number;
  linkKey: string;
  /** A seat of before links had keys: its links were signed without one, and still open. */
  legacyLinks?: boolean;
}

/**
 * Registrants' links, signed with the server's secret (HMAC-SHA256): the registration's number and
 * a signature over it and its seat's random key, nothing else. No account is needed, nothing
 * personal is in the address, and a link made before a restore never opens the registration that
 * takes its number afterwards (that seat has another key).
 */
export class RegistrantLinks {
  constructor(
    private readonly secret: string,
    private readonly siteUrl: string,
  ) {}

  private signature(purpose: LinkPurpose, id: number, key: string | undefined): string {
    const signed = key === undefined ? `${purpose}:${id}` : `${purpose}:${id}:${key}`;
    return createHmac('sha256', this.secret).update(signed).digest('base64url').slice(0, 27);
  }

  token(purpose: LinkPurpose, subject: LinkSubject): string {
    return `${subject.registrationId}.${this.signature(purpose, subject.registrationId, subject.linkKey)}`;
  }

  /**
   * The subject a token names, when its signature is right for that purpose and that subject's key:
   * `find` looks up the registration the token's number names.
   */
  async verify<S extends LinkSubject>(
    purpose: LinkPurpose,
    token: string,
    find: (registrationId: number) => Promise<S | undefined>,
  ): Promise<S | undefined> {
    const parts = linkTokenParts(token);
    if (!parts) return undefined;
    const subject = await find(parts.registrationId);
    if (!subject) return undefined;
    const given = Buffer.from(parts.signature);
    const matches = (key: string | undefined) => {
      const expected = Buffer.from(this.signature(purpose, subject.registrationId, key));
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    return matches(subject.linkKey) || (subject.legacyLinks === true && matches(undefined)) ? subject : undefined;
  }

  /** The registrant's own page: the token travels in the fragment, which browsers never send on. */
  pageUrl(subject: LinkSubject): string {
    return `${this.siteUrl}${registrantPagePath}#${this.token('page', subject)}`;
  }

  /** The private join link: the registrant's page, which sends the join token from its fragment. */
  joinUrl(subject: LinkSubject): string {
    return `${this.siteUrl}${registrantPagePath}#${joinPrefix}${this.token('join', subject)}`;
  }
}

/** The registrant's own page (a static page that reads its token from the fragment). */
export const registrantPagePath = '/my-registration' satisfies RoutePath;
