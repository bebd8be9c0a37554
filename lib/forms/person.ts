import type { FormDeclaration, PersonRole } from './declaration';

/**
 * Who a submission is from, as the service keeps it beside the payload (form_submissions'
 * person_name, person_email, person_phone) and finds people by: the name as sent, the e-mail in
 * lower case, the phone as its last ten digits. Null where the form has no such field or it was
 * left empty.
 */
export interface Person {
  readonly name: string | null;
  readonly email: string | null;
  readonly phone: string | null;
}

/** A sender the form says nothing about (a form without name, e-mail or phone fields). */
export const nobody: Person = { name: null, email: null, phone: null };

/** How each role's text is kept: the same rules the lookups (privacy search, claim matching) use. */
const normalised: Record<PersonRole, (text: string) => string> = {
  name: (text) => text.trim(),
  email: (text) => text.trim().toLowerCase(),
  phone: (text) => text.replace(/\D/g, '').slice(-10),
};

/** Who a payload is from, by the roles its form's declaration gives its fields. */
export function personOf<V extends object>(
  declaration: Pick<FormDeclaration<V>, 'fields'>,
  payload: Readonly<Record<string, unknown>>,
): Person {
  const of = (role: PersonRole): string | null => {
    const key = declaration.fields.find((f) => f.role === role && f.payloadKey !== undefined)?.payloadKey;
    const value = key === undefined ? undefined : payload[key];
    return typeof value === 'string' ? normalised[role](value) || null : null;
  };
  return { name: of('name'), email: of('email'), phone: of('phone') };
}
