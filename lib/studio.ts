import { studioDefaults, type Studio } from '@/content/studio';
import { getEnv } from '@/lib/env';

/** The studio record with the STUDIO_* overrides from the environment applied. */
export function getStudio(): Studio {
  const env = getEnv();
  return {
    ...studioDefaults,
    name: env.STUDIO_NAME ?? studioDefaults.name,
    slug: env.STUDIO_SLUG ?? studioDefaults.slug,
    email: env.STUDIO_EMAIL ?? studioDefaults.email,
    whatsapp: env.STUDIO_WHATSAPP ?? studioDefaults.whatsapp,
    upi: {
      id: env.STUDIO_UPI_ID ?? studioDefaults.upi.id,
      payeeName: env.STUDIO_UPI_NAME ?? env.STUDIO_NAME ?? studioDefaults.upi.payeeName,
    },
  };
}

/** Formats a 91XXXXXXXXXX number for reading: +91 90000 00000. */
export function formatIndianPhone(digits: string): string {
  const local = digits.replace(/^91/, '');
  return `+91 ${local.slice(0, 5)} ${local.slice(5)}`;
}

/** The click-to-chat address for the studio's WhatsApp number, with an optional draft message. */
export function whatsappLink(number: string, text?: string): string {
  return text ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : `https://wa.me/${number}`;
}
