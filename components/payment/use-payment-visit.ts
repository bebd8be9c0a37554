'use client';

import { useEffect, useState } from 'react';
import { readMasterclassContact, type CarriedContact } from '@/lib/handoff';
import { mobilePlatform, type MobilePlatform } from '@/lib/payments/device';
import type { ReferencePrefix } from '@/lib/payments/payables';
import { visitReference } from '@/lib/payments/reference';
import { buildPaymentChatMessage, type ChatMessageTemplate } from '@/lib/payments/chat-message';
import { upiLink, type UpiRequest } from '@/lib/payments/upi-link';

/** What only the browser knows about this visit; empty during the static render and hydration. */
export interface PaymentVisit {
  ready: boolean;
  reference?: string;
  /** Set on phones and tablets (the spec's user-agent rule), undefined on desktops. */
  platform?: MobilePlatform;
  /** The name, e-mail and phone carried from the masterclass form. */
  carried?: CarriedContact;
}

/**
 * The visit's payment reference (kept for the tab), the device family and, when asked, the
 * carried e-mail. Read after mount because the static HTML cannot know them.
 */
function usePaymentVisit(prefix: ReferencePrefix, options: { withEmail?: boolean } = {}): PaymentVisit {
  const [visit, setVisit] = useState<PaymentVisit>({ ready: false });
  const withEmail = options.withEmail ?? false;

  useEffect(() => {
    const platform = mobilePlatform(navigator.userAgent);
    const carried = withEmail ? readMasterclassContact() : undefined;
    setVisit({
      ready: true,
      reference: visitReference(prefix),
      ...(platform ? { platform } : {}),
      ...(carried ? { carried } : {}),
    });
  }, [prefix, withEmail]);

  return visit;
}

export interface PaymentTerms {
  prefix: ReferencePrefix;
  withEmail?: boolean;
  upiId: string;
  payeeName: string;
  studioName: string;
  totalPaise: number;
  /** The UPI note, followed by the reference. */
  note: string;
  chat: ChatMessageTemplate;
}

/**
 * Everything a payment page derives from the visit: the UPI request and its generic link, whether
 * this is a phone, the WhatsApp draft, and the props of the pay panel. Undefined parts wait for the
 * reference, which only the browser can make.
 */
export function usePaymentRequest(terms: PaymentTerms) {
  const { prefix, withEmail, upiId, payeeName, studioName, totalPaise, note, chat } = terms;
  const visit = usePaymentVisit(prefix, { withEmail: withEmail ?? false });
  // What the visitor gave in the claim form, once it is received.
  const [claim, setClaim] = useState<{ utr: string; contact: string } | undefined>(undefined);
  const reference = visit.reference;
  const request: UpiRequest | undefined = reference
    ? { payeeId: upiId, payeeName, amountPaise: totalPaise, note: `${note} ${reference}`, reference }
    : undefined;
  const link = request ? upiLink(request) : undefined;
  const isPhone = visit.platform !== undefined;
  const contact = claim?.contact;
  const message = reference
    ? buildPaymentChatMessage({
        studioName,
        template: chat,
        amountPaise: totalPaise,
        reference,
        name: visit.carried?.name,
        email: visit.carried?.email ?? (contact?.includes('@') ? contact : undefined),
        phone: visit.carried?.phone ?? (contact && !contact.includes('@') ? contact : undefined),
        utr: claim?.utr,
      })
    : undefined;
  const panel = { link, amountPaise: totalPaise, upiId, payeeName, reference, isPhone };
  const claimProps = { reference, prefix, amountPaise: totalPaise, contact: visit.carried?.email, onClaimed: setClaim };
  return { visit, request, link, isPhone, message, panel, claimProps };
}
