/** @jest-environment node */
import { nobody, personOf } from '@/lib/forms/person';
import { proAudioForm } from '@/lib/forms/pro-audio/schema';
import { inboxForms, personOfForm } from '@/lib/forms/registry';
import { TS, validSubmissions } from './fixtures';

type Sender = { name: string; email: string; phone: string | null };

/** The sender each form's valid values name. */
const senders: Record<string, Sender> = {
  'talent-show': { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
  query: { name: 'Ravi', email: 'ravi@example.com', phone: null },
  'service-request': { name: 'Ravi', email: 'ravi@example.com', phone: '9876543210' },
  // The phone is optional on the certification form: left empty, there is none.
  certification: { name: 'Meera Iyer', email: 'meera@example.com', phone: null },
  diploma: { name: 'Karan', email: 'karan@example.com', phone: '9876543210' },
  masterclass: { name: 'Neha', email: 'neha@example.in', phone: '9876543210' },
  'pro-audio': { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
};

const named = validSubmissions.map(({ form, values }) => [form.name, form, values, senders[form.name]] as const);

describe('who a submission is from, by the roles of its form', () => {
  it.each(named)('%s marks each of name, e-mail and phone on at most one sent field', (_name, form) => {
    for (const role of ['name', 'email', 'phone'] as const) {
      const fields = form.declaration.fields.filter((f) => f.role === role);
      expect(fields.length).toBeLessThanOrEqual(1);
      for (const f of fields) expect(form.payloadKeys).toContain(f.payloadKey);
    }
    // Every form has a name and an e-mail (the phone is the only one a form may lack).
    expect(form.declaration.fields.filter((f) => f.role === 'name')).toHaveLength(1);
    expect(form.declaration.fields.filter((f) => f.role === 'email')).toHaveLength(1);
  });

  it.each(named)('a valid payload of %s names its sender', (_name, form, values, sender) => {
    const payload = form.toPayload(values, TS);
    expect(personOf(form.declaration, payload)).toEqual(sender);
    expect(personOfForm(form.name, payload)).toEqual(sender);
  });

  it('keeps the e-mail in lower case and trimmed, the phone as its last ten digits, the name trimmed', () => {
    const talent = inboxForms['talent-show'].declaration;
    expect(
      personOf(talent, {
        FullName: '  Asha  Rao ',
        Email: ' Asha.Rao@Example.COM ',
        ContactNumber: '+91 (98765) 43-210',
      }),
    ).toEqual({ name: 'Asha  Rao', email: 'asha.rao@example.com', phone: '9876543210' });
    // A phone with fewer digits is kept as it is, digits only.
    expect(personOf(talent, { ContactNumber: '+91 12345' }).phone).toBe('9112345');
  });

  it('gives null for what the payload leaves empty or out, or holds as something other than text', () => {
    const diploma = inboxForms.diploma.declaration;
    expect(personOf(diploma, { Name: '   ', Email: '', Phone: 'none' })).toEqual(nobody);
    expect(personOf(diploma, {})).toEqual(nobody);
    expect(personOf(proAudioForm.declaration, { fullName: ['Asha'], email: 7, phone: null })).toEqual(nobody);
    // Another field that looks like one is not the sender's: the talent show's signature is not its name.
    expect(personOf(inboxForms['talent-show'].declaration, { Signature: 'Asha Rao', Name: 'Asha' }).name).toBeNull();
  });

  it('knows nobody for a form the site does not declare', () => {
    expect(personOfForm('contact', { name: 'Asha', email: 'asha@example.com' })).toEqual(nobody);
    expect(personOfForm('constructor', { email: 'asha@example.com' })).toEqual(nobody);
  });
});
