/** How the studio's contact details are written and linked: plain functions, safe in the browser. */

/** Formats a 91XXXXXXXXXX number for reading: +91 90000 00000. */
export function formatIndianPhone(digits: string): string {
  const local = digits.replace(/^91/, '');
  return `+91 ${local.slice(0, 5)} ${local.slice(5)}`;
}

/** The click-to-chat address for the studio's WhatsApp number, with an optional draft message. */
export function whatsappLink(number: string, text?: string): string {
  return text ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : `https://wa.me/${number}`;
}

/** A social link that points at a profile, not at the platform's home page (null: the studio has none). */
export function isProfileUrl(url: string | null): url is string {
  if (url === null) return false;
  try {
    return new URL(url).pathname.replace(/\/+$/, '') !== '';
  } catch {
    return false;
  }
}
