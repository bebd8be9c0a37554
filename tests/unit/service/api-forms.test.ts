/** @jest-environment node */
import type { Hono } from 'hono';
import type { FieldDeclaration, FormModule, Payload } from '@/lib/forms/declaration';
import { postPath } from '@/lib/forms/contract';
import { proAudioForm, proAudioRowOf } from '@/lib/forms/pro-audio/schema';
import { inboxForms } from '@/lib/forms/registry';
import { inboxFormNames, type InboxFormName } from '@/lib/forms/types';
import { SignInBrake } from '@/server/platform/sign-in-brake';
import { TS, validDiploma, validMasterclass, validSubmissions } from '../forms/fixtures';
import { serviceApp } from './service-app';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(300_000);

// biome-ignore lint/suspicious/noExplicitAny: forms of different value types in one table.
type AnyModule = FormModule<any>;

/** Every public form with valid values (as an HTML form would send them). */
const forms: ReadonlyArray<{ form: AnyModule; values: object }> = validSubmissions;

const textField = (form: AnyModule): FieldDeclaration<object> & { payloadKey: string } => {
  const field = form.declaration.fields.find((f) => f.payloadKey && ['text', 'email'].includes(f.control));
  if (!field?.payloadKey) throw new Error(`${form.name} has no text field`);
  return field as FieldDeclaration<object> & { payloadKey: string };
};

const withKey = (payload: Payload, key: string, value: unknown) => ({ ...payload, [key]: value });
const json = (body: unknown) => ({
  type: 'application/json',
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const urlEncoded = (entries: Array<[string, string]>) => ({
  type: 'application/x-www-form-urlencoded',
  body: new URLSearchParams(entries).toString(),
});
/** An HTML form's fields: each value's key, lists as repeated keys, a ticked box as "on". */
function formEntries(values: object): Array<[string, string]> {
  return Object.entries(values).flatMap(([key, value]): Array<[string, string]> => {
    if (Array.isArray(value)) return value.map((v) => [key, String(v)]);
    if (typeof value === 'boolean') return value ? [[key, 'on']] : [];
    return [[key, String(value)]];
  });
}

type Case = (f: { form: AnyModule; payload: Payload; values: object }) => { type: string; body: string } | undefined;

/**
 * The bad inputs: each must be answered 400 on every form, and store nothing. A case that cannot
 * apply to a form (no Timestamp) gives undefined and is left out of the count.
 */
const cases: Record<string, Case> = {
  'a __proto__ key': ({ payload }) => json(JSON.stringify(payload).replace(/^\{/, '{"__proto__":{"polluted":"yes"},')),
  'a constructor.prototype key': ({ payload }) =>
    json(JSON.stringify(payload).replace(/^\{/, '{"constructor":{"prototype":{"polluted":"yes"}},')),
  'a __proto__ key inside a list': ({ form, payload }) =>
    json(withKey(payload, textField(form).payloadKey, [JSON.parse('{"__proto__":{"x":1}}')])),
  'a NUL byte': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, 'Asha\u0000Rao')),
  'a bell control character': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, 'Asha\u0007')),
  'a newline in one-line text': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, 'Asha\nRao')),
  'a tab in one-line text': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, 'Asha\tRao')),
  'a lone high surrogate': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, 'Asha\ud800')),
  'a lone low surrogate': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, '\udc00Asha')),
  'a number for text': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, 42)),
  'a boolean for text': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, true)),
  'null for text': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, null)),
  'an object for text': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, { first: 'Asha' })),
  'a list for text': ({ form, payload }) => json(withKey(payload, textField(form).payloadKey, ['Asha'])),
  'text over its declared maximum': ({ form, payload }) => {
    const field = textField(form);
    return json(withKey(payload, field.payloadKey, 'a'.repeat(field.max + 1)));
  },
  'a missing required key': ({ form, payload }) => {
    const { [textField(form).payloadKey]: _gone, ...rest } = payload;
    return json(rest);
  },
  'an unknown key': ({ payload }) => json(withKey(payload, 'isAdmin', 'yes')),
  'a JSON array body': ({ payload }) => json([payload]),
  'a JSON null body': () => json('null'),
  'malformed JSON': ({ payload }) => json(JSON.stringify(payload).slice(0, -1)),
  'a Timestamp that is not a date-time': ({ form, payload }) =>
    form.payloadKeys.includes('Timestamp') ? json(withKey(payload, 'Timestamp', 'yesterday')) : undefined,
  'an impossible date': ({ form, payload }) =>
    form.payloadKeys.includes('Timestamp') ? json(withKey(payload, 'Timestamp', '31/02/2025, 10:00:00 am')) : undefined,
  'HTML form: a __proto__ key': ({ values }) => urlEncoded([['__proto__', 'x'], ...formEntries(values)]),
  'HTML form: a NUL byte': ({ form, values }) =>
    urlEncoded([...formEntries(values).filter(([k]) => k !== textField(form).key), [textField(form).key, 'A\u0000']]),
  'HTML form: a one-value field sent twice': ({ form, values }) =>
    urlEncoded([...formEntries(values), [textField(form).key, 'Beta']]),
  'HTML form: text over its declared maximum': ({ form, values }) => {
    const field = textField(form);
    return urlEncoded([
      ...formEntries(values).filter(([k]) => k !== field.key),
      [field.key, 'a'.repeat(field.max + 1)],
    ]);
  },
};

describe.each(databaseKinds)('every public POST on %s', (_label, make) => {
  const testDb = openedStore(make);
  // One service for the block: no test here comes near its limits, and none depends on another's requests.
  let service: Hono | undefined;
  beforeAll(() => {
    service = serviceApp(testDb.store, { rateLimitPerMinute: 100_000, brake: new SignInBrake() });
  });
  const app = (): Hono => {
    if (!service) throw new Error('the service is made in beforeAll');
    return service;
  };
  const stored = async (form: AnyModule) =>
    form === proAudioForm
      ? (await testDb.store.listInbox('pro-audio')).map(proAudioRowOf).length
      : (await testDb.store.listInbox(form.name as InboxFormName)).length;

  const table = forms.flatMap(({ form, values }) =>
    Object.entries(cases).flatMap(([name, make]) => {
      const request = make({ form, payload: form.toPayload(values, TS), values });
      return request ? [[form.name, name, form, request] as const] : [];
    }),
  );

  it('the table covers every form with every case that applies', () => {
    expect(new Set(table.map(([name]) => name)).size).toBe(inboxFormNames.length + 1);
    // Printed for the figures in docs/testing-and-measuring.md: cases × forms per database.
    console.log(`bad-input table: ${Object.keys(cases).length} cases, ${forms.length} forms, ${table.length} requests`);
  });

  it.each(table)('%s: %s is refused with 400 and nothing is stored', async (_name, _case, form, request) => {
    const before = await stored(form);
    const res = await app().request(postPath(form.name), {
      method: 'POST',
      headers: { 'Content-Type': request.type, Referer: 'http://localhost/query' },
      body: request.body,
    });
    expect(res.status).toBe(400);
    if (request.type === 'application/json') {
      const body = (await res.json()) as { message: unknown; errors: unknown };
      expect(typeof body.message).toBe('string');
      expect(typeof body.errors).toBe('object');
    } else expect(await res.text()).toContain('Back to the form');
    expect(await stored(form)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  describe('forms sent without JavaScript', () => {
    it.each(forms.map(({ form, values }) => [form.name, form, values] as const))(
      '%s: stored from the same declaration, then 303 to the success page (or a page with the message)',
      async (_name, form, values) => {
        const before = await stored(form);
        const res = await app().request(postPath(form.name), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost/somewhere' },
          body: urlEncoded([...formEntries(values), ['website', '']]).body,
        });
        const to = form.declaration.successPath;
        if (to) {
          expect(res.status).toBe(303);
          expect(res.headers.get('location')).toBe(to);
        } else {
          expect([200, 201]).toContain(res.status);
          expect(await res.text()).toContain(form.messages.success);
        }
        expect(await stored(form)).toBe(before + 1);
      },
    );

    it('lists what was wrong, with the spec messages and a link back to the form', async () => {
      const res = await app().request(postPath('query'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost/query' },
        body: urlEncoded([
          ['name', 'Ravi'],
          ['email', 'ravi'],
          ['query', 'short'],
        ]).body,
      });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('Invalid email format');
      expect(html).toContain('Query should be at least 10 characters');
      expect(html).toContain('href="/query"');
    });

    it('a masterclass sign-up without the terms box ticked is refused', async () => {
      const res = await app().request(postPath('masterclass'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: urlEncoded(formEntries({ ...validMasterclass, agreeTerms: false })).body,
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Tick the box to agree to the masterclass terms.');
    });

    it('a filled honeypot is sent on as if it worked, and nothing is stored', async () => {
      const before = await stored(inboxForms.diploma);
      const res = await app().request(postPath('diploma'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: urlEncoded([...formEntries(validDiploma), ['website', 'http://spam.example']]).body,
      });
      expect(res.status).toBe(303);
      expect(await stored(inboxForms.diploma)).toBe(before);
    });
  });
});
