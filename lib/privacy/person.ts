/**
 * How one person is recognised across every table: an e-mail address (lower case, trimmed) or an
 * Indian phone number (its last ten digits). The payload keys below are every form's e-mail and
 * phone fields (lib/forms/*: email/Email, phone/Phone/ContactNumber, mobile); a claim's contact is
 * one or the other.
 */
export type PersonKey = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** Payload keys, lower-cased, that hold an e-mail address. */
const emailKeys = ['email'] as const;
/** Payload keys, lower-cased, that hold a phone number. */
const phoneKeys = ['phone', 'mobile', 'contactnumber'] as const;

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The person a typed address names, or undefined when it is neither an e-mail nor a ten-digit phone. */
export function personKeyOf(input: string): PersonKey | undefined {
  const text = input.trim();
  if (text.length > 254) return undefined;
  if (text.includes('@')) return emailShape.test(text) ? { kind: 'email', value: text.toLowerCase() } : undefined;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 13 || /[^\d\s()+.-]/.test(text)) return undefined;
  return { kind: 'phone', value: digits.slice(-10) };
}

/** The value a stored e-mail or phone is compared by. */
function normalised(kind: PersonKey['kind'], raw: string): string {
  return kind === 'email' ? raw.trim().toLowerCase() : raw.replace(/\D/g, '').slice(-10);
}

/** Every e-mail and phone a payload holds, normalised. */
export function keysOfPayload(payload: Record<string, unknown>): PersonKey[] {
  const keys: PersonKey[] = [];
  for (const [name, value] of Object.entries(payload)) {
    if (typeof value !== 'string' || !value.trim()) continue;
    const lower = name.toLowerCase();
    if ((emailKeys as readonly string[]).includes(lower))
      keys.push({ kind: 'email', value: normalised('email', value) });
    else if ((phoneKeys as readonly string[]).includes(lower)) {
      const digits = normalised('phone', value);
      if (digits.length === 10) keys.push({ kind: 'phone', value: digits });
    }
  }
  return keys;
}

/** A claim's contact as a person key (an e-mail, or a phone's last ten digits). */
export function keyOfContact(contact: string): PersonKey | undefined {
  return personKeyOf(contact);
}

/** How an address is shown where only a hint is wanted (logs, lists): a•••@example.com, ••••••3210. */
export function maskedKey(key: PersonKey): string {
  if (key.kind === 'phone') return `••••••${key.value.slice(-4)}`;
  const [user = '', host = ''] = key.value.split('@');
  return `${user.slice(0, 1)}•••@${host}`;
}
