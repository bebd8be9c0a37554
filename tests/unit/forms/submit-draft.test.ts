import { clearDraft, createDraftWriter, draftKey, loadDraft, saveDraft } from '@/lib/draft';
import { inboxPath } from '@/lib/forms/contract';
import { certificationForm } from '@/lib/forms/certification';
import { diplomaForm } from '@/lib/forms/diploma';
import { masterclassForm } from '@/lib/forms/masterclass';
import { queryForm } from '@/lib/forms/query';
import { serviceRequestForm } from '@/lib/forms/service-request';
import { talentShowForm } from '@/lib/forms/talent-show';
import { submitForm } from '@/lib/submit';

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: Response | Error) {
  const calls: Call[] = [];
  const impl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof fetch;
  return { calls, impl };
}

const json = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

const payload = { Name: 'Ravi', Timestamp: 't' };

describe('submitForm', () => {
  it('posts JSON to the inbox through the typed client when no endpoint is configured, and reads the answer', async () => {
    const f = fakeFetch(json(201, { message: 'Saved' }));
    await expect(submitForm({ form: queryForm, payload, fetchImpl: f.impl })).resolves.toEqual({
      ok: true,
      message: 'Saved',
    });
    expect(f.calls[0]?.url).toBe('http://localhost/api/forms/query');
    expect(inboxPath('talent-show')).toBe('/api/forms/talent-show');
    expect(f.calls[0]?.init.method).toBe('POST');
    expect(new Headers(f.calls[0]?.init.headers).get('content-type')).toBe('application/json');
    expect(f.calls[0]?.init.body).toBe(JSON.stringify(payload));
  });

  it('says a 202 (a place on a waitlist) is accepted for later, with the service message', async () => {
    const f = fakeFetch(json(202, { message: 'You are number 2 on its waitlist', place: 2 }));
    await expect(submitForm({ form: queryForm, payload, fetchImpl: f.impl })).resolves.toEqual({
      ok: true,
      message: 'You are number 2 on its waitlist',
      queued: true,
    });
  });

  it('reports an inbox failure with its message and field errors (checked: only text messages are kept)', async () => {
    const f = fakeFetch(
      json(422, { message: 'Invalid', errors: { Name: 'Name is required', Email: ['Email is required'] } }),
    );
    await expect(submitForm({ form: certificationForm, payload, fetchImpl: f.impl })).resolves.toEqual({
      ok: false,
      reason: 'status',
      status: 422,
      message: 'Invalid',
      fieldErrors: { Name: 'Name is required' },
    });
  });

  it('treats an unreadable failure body as a plain failure', async () => {
    const broken = {
      ok: false,
      status: 500,
      json: async () => Promise.reject(new SyntaxError('x')),
    } as unknown as Response;
    const f = fakeFetch(broken);
    await expect(submitForm({ form: queryForm, payload, fetchImpl: f.impl })).resolves.toEqual({
      ok: false,
      reason: 'status',
      status: 500,
    });
  });

  it('json transport: an ok status is success and the body is not read', async () => {
    const answer = { ok: true, status: 201, json: jest.fn() } as unknown as Response;
    const f = fakeFetch(answer);
    await expect(
      submitForm({
        form: talentShowForm,
        endpoint: 'https://sheet.example/api/v1/x',
        payload,
        fetchImpl: f.impl,
      }),
    ).resolves.toEqual({ ok: true });
    expect(f.calls[0]?.url).toBe('https://sheet.example/api/v1/x');
    expect((answer.json as jest.Mock).mock.calls).toHaveLength(0);
  });

  it('script transport: a simple text/plain request in cors mode, a success only when the answer reads ok', async () => {
    const f = fakeFetch(json(200, {}));
    await expect(
      submitForm({ form: masterclassForm, endpoint: 'https://script.example/exec', payload, fetchImpl: f.impl }),
    ).resolves.toEqual({ ok: true });
    expect(f.calls[0]?.init).toMatchObject({
      method: 'POST',
      mode: 'cors',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(payload),
    });
  });

  it('script transport: an answer that says it failed is a failure with its message', async () => {
    const f = fakeFetch(json(415, { message: 'No' }));
    await expect(
      submitForm({ form: diplomaForm, endpoint: 'https://script.example/exec', payload, fetchImpl: f.impl }),
    ).resolves.toEqual({ ok: false, reason: 'status', status: 415, message: 'No' });
  });

  it('script transport: an answer the browser refuses to show (no CORS) is never reported as a success', async () => {
    // What fetch does in cors mode when the endpoint sends no Access-Control-Allow-Origin.
    const f = fakeFetch(new TypeError('Failed to fetch'));
    const result = await submitForm({
      form: certificationForm,
      endpoint: 'https://script.example/exec',
      payload,
      fetchImpl: f.impl,
    });
    expect(result.ok).toBe(false);
  });

  it('never throws: a network error is a failure with reason network', async () => {
    const f = fakeFetch(new TypeError('Failed to fetch'));
    await expect(
      submitForm({
        form: serviceRequestForm,
        endpoint: 'https://script.example/exec',
        payload,
        fetchImpl: f.impl,
      }),
    ).resolves.toEqual({ ok: false, reason: 'network', message: 'Failed to fetch' });
  });
});

describe('drafts', () => {
  const initial = { name: '', courses: [] as string[], agreeTerms: false };
  beforeEach(() => sessionStorage.clear());

  it('saves, loads over the initial values and clears', () => {
    saveDraft('diploma', { name: 'Karan', courses: ['A'], agreeTerms: true }, ['agreeTerms']);
    expect(JSON.parse(sessionStorage.getItem(draftKey('diploma')) ?? '{}')).toEqual({ name: 'Karan', courses: ['A'] });
    expect(loadDraft('diploma', initial, ['agreeTerms'])).toEqual({ name: 'Karan', courses: ['A'], agreeTerms: false });
    clearDraft('diploma');
    expect(loadDraft('diploma', initial)).toBeUndefined();
  });

  it('ignores unknown fields, wrong kinds and broken JSON', () => {
    sessionStorage.setItem(draftKey('query'), JSON.stringify({ name: 5, courses: 'x', extra: 'y' }));
    expect(loadDraft('query', initial)).toBeUndefined();
    sessionStorage.setItem(draftKey('query'), '{not json');
    expect(loadDraft('query', initial)).toBeUndefined();
    sessionStorage.setItem(draftKey('query'), JSON.stringify({ name: 'Ravi', extra: 'y' }));
    expect(loadDraft('query', initial)).toEqual({ name: 'Ravi', courses: [], agreeTerms: false });
  });

  it('debounces writes, and cancel drops a pending write', () => {
    jest.useFakeTimers();
    const writer = createDraftWriter('query', [], 300);
    writer.write({ name: 'R' });
    writer.write({ name: 'Ravi' });
    expect(sessionStorage.getItem(draftKey('query'))).toBeNull();
    jest.advanceTimersByTime(300);
    expect(sessionStorage.getItem(draftKey('query'))).toBe('{"name":"Ravi"}');
    writer.write({ name: 'Other' });
    writer.cancel();
    jest.advanceTimersByTime(1000);
    expect(sessionStorage.getItem(draftKey('query'))).toBe('{"name":"Ravi"}');
    jest.useRealTimers();
  });
});
