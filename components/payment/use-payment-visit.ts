'use client';

import { useEffect, useState } from 'react';
import { readMasterclassEmail } from '@/lib/handoff';
import { mobilePlatform, type MobilePlatform } from '@/lib/payments/device';
import { visitReference, type ReferencePrefix } from '@/lib/payments/reference';

/** What only the browser knows about this visit; empty during the static render and hydration. */
export interface PaymentVisit {
  ready: boolean;
  reference?: string;
  /** Set on phones and tablets (the spec's user-agent rule), undefined on desktops. */
  platform?: MobilePlatform;
  /** The e-mail carried from the masterclass form. */
  email?: string;
}

/**
 * The visit's payment reference (kept for the tab), the device family and, when asked, the
 * carried e-mail. Read after mount because the static HTML cannot know them.
 */
export function usePaymentVisit(prefix: ReferencePrefix, options: { withEmail?: boolean } = {}): PaymentVisit {
  const [visit, setVisit] = useState<PaymentVisit>({ ready: false });
  const withEmail = options.withEmail ?? false;

  useEffect(() => {
    const platform = mobilePlatform(navigator.userAgent);
    const email = withEmail ? readMasterclassEmail()?.trim() : undefined;
    setVisit({
      ready: true,
      reference: visitReference(prefix),
      ...(platform ? { platform } : {}),
      ...(email ? { email } : {}),
    });
  }, [prefix, withEmail]);

  return visit;
}
