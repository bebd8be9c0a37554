import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DiplomaForm } from '@/components/forms/diploma-form';
import type { SendPayload } from '@/components/forms/form-engine';
import { QueryForm } from '@/components/forms/query-form';
import { ServiceRequestForm } from '@/components/forms/service-request-form';
import { ProAudioForm } from '@/components/pro-audio/pro-audio-form';
import { draftKey } from '@/lib/draft';
import type { Payload } from '@/lib/forms/declaration';
import { notOpenMessage } from '@/server/platform/not-open';

// The app router is not mounted in jsdom; the engine's only use of it is `push` to the success page.
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

function recorder(answer: Awaited<ReturnType<SendPayload>> | Error) {
  const sent: Payload[] = [];
  const send: SendPayload = async (payload) => {
    sent.push(payload);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { sent, send };
}

function fillQuery() {
  type(/^Name/, ' Ravi ');
  type(/^Email/, 'ravi@example.com');
  type(/^Your query/, 'Hello there, how do I book?');
}

beforeEach(() => {
  sessionStorage.clear();
  push.mockClear();
  window.history.replaceState(null, '', '/');
});

describe('the form engine, through its send prop', () => {
  it('success: sends the declared payload, clears the fields, shows the message and moves focus to it', async () => {
    const r = recorder({ ok: true });
    render(<QueryForm send={r.send} minFillMs={0} labelledBy="h" />);
    fillQuery();
    click('Send Query');
    const message = await screen.findByText('Query submitted successfully!');
    expect(r.sent).toHaveLength(1);
    expect(r.sent[0]).toMatchObject({ Name: 'Ravi', Email: 'ravi@example.com', Query: 'Hello there, how do I book?' });
    expect(Object.keys(r.sent[0] ?? {})).toEqual(['Name', 'Email', 'Query', 'Timestamp']);
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue(''));
    await waitFor(() => expect(document.activeElement).toBe(message.closest('p')));
    expect(document.activeElement).not.toBe(document.body);
  });

  it('status failure: shows the spec message as an alert and keeps every value', async () => {
    const r = recorder({ ok: false, reason: 'status', status: 400, fieldErrors: { Name: 'Name is required' } });
    render(<QueryForm send={r.send} minFillMs={0} labelledBy="h" />);
    fillQuery();
    click('Send Query');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Submission failed. Please try again.'));
    expect(screen.getByLabelText(/^Name/)).toHaveValue(' Ravi ');
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("a site not open yet: shows the spec's message, then the service's, and keeps every value", async () => {
    const r = recorder({ ok: false, reason: 'status', status: 503, message: notOpenMessage });
    render(<QueryForm send={r.send} minFillMs={0} labelledBy="h" />);
    fillQuery();
    click('Send Query');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(`Submission failed. Please try again. ${notOpenMessage}`),
    );
    expect(screen.getByLabelText(/^Name/)).toHaveValue(' Ravi ');
    expect(screen.getByLabelText(/^Your query/)).toHaveValue('Hello there, how do I book?');
  });

  it('network failure: shows the network message and keeps every value', async () => {
    const r = recorder({ ok: false, reason: 'network', message: 'Failed to fetch' });
    render(<QueryForm send={r.send} minFillMs={0} labelledBy="h" />);
    fillQuery();
    click('Send Query');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred. Try again later.'));
    expect(screen.getByLabelText(/^Your query/)).toHaveValue('Hello there, how do I book?');
  });

  it('restores the session draft after a reload', async () => {
    sessionStorage.setItem(draftKey('query'), JSON.stringify({ name: 'Asha', email: 'asha@example.com', query: '' }));
    render(<QueryForm send={recorder({ ok: true }).send} minFillMs={0} labelledBy="h" />);
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Asha'));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.com');
  });

  it('moves focus to the first invalid field and sends nothing', async () => {
    const r = recorder({ ok: true });
    render(<QueryForm send={r.send} minFillMs={0} labelledBy="h" />);
    type(/^Name/, 'Ravi');
    click('Send Query');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(r.sent).toHaveLength(0);
  });

  it('goes to the declared success page after a send', async () => {
    const r = recorder({ ok: true });
    render(<DiplomaForm send={r.send} minFillMs={0} labelledBy="h" />);
    type(/^Name/, 'Karan');
    type(/^Email/, 'karan@example.com');
    type(/^Phone/, '9876543210');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Diploma in Sound Designing' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Online' }));
    click('Register');
    await waitFor(() => expect(push).toHaveBeenCalledWith('/institute/course-payment'));
    expect(r.sent[0]?.Courses).toBe('Diploma in Sound Designing');
  });

  it('preselects from the link that opened it: ?service=mixing, ?course=…', async () => {
    window.history.replaceState(null, '', '/request-form?service=mixing');
    const first = render(<ServiceRequestForm send={recorder({ ok: true }).send} minFillMs={0} labelledBy="h" />);
    await waitFor(() => expect(screen.getByLabelText(/^Project type/)).toHaveValue('Pro Audio Mixing'));
    first.unmount();
    window.history.replaceState(null, '', '/institute/diploma-course-form?course=diploma-in-sound-designing');
    render(<DiplomaForm send={recorder({ ok: true }).send} minFillMs={0} labelledBy="h" />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Diploma in Sound Designing' })).toBeChecked());
  });
});

describe('typing before the page is interactive', () => {
  /** The page's HTML as shipped, with what a visitor typed into its controls before the script ran. */
  function typedIntoHtml(ui: React.ReactElement, typed: Record<string, string>): HTMLElement {
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    for (const [name, value] of Object.entries(typed)) {
      const control = container.querySelector<HTMLInputElement>(`[name="${name}"]`);
      if (!control) throw new Error(`no control named ${name}`);
      control.value = value;
    }
    return container;
  }

  it('checks what was typed at once, with the message typing after shows (the e-mail left half-typed)', async () => {
    const ui = <ServiceRequestForm send={recorder({ ok: true }).send} minFillMs={0} labelledBy="h" />;
    const container = typedIntoHtml(ui, { name: 'Ravi', email: 'ravi@' });
    expect(container.querySelector('[data-ready]')).toBeNull();
    render(ui, { container, hydrate: true });
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ravi@');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    // Only what was typed is checked: the untouched required fields wait for the visitor.
    expect(screen.queryByText('Phone number is required')).toBeNull();
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
    // The same message, typed after hydration, for comparison.
    type(/^Email/, 'ravi@example.com');
    await waitFor(() => expect(screen.queryByText('Invalid email format')).toBeNull());
    type(/^Email/, 'ravi@');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
  });

  it('under "touched" timing, a field left shows its error at once and the focused one waits for its blur', async () => {
    const ui = <QueryForm send={recorder({ ok: true }).send} minFillMs={0} labelledBy="h" />;
    const container = typedIntoHtml(ui, { email: 'ravi@', query: 'Hi' });
    container.querySelector<HTMLTextAreaElement>('[name="query"]')?.focus();
    render(ui, { container, hydrate: true });
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.queryByText('Query should be at least 10 characters')).toBeNull();
    fireEvent.blur(screen.getByLabelText(/^Your query/));
    expect(await screen.findByText('Query should be at least 10 characters')).toBeInTheDocument();
  });
});

describe('the pro audio form, on the same engine', () => {
  async function fillProAudio() {
    type(/^Full name/, '  Asha Rao ');
    type(/^Email/, 'asha@example.com');
    type(/^Phone/, '9876543210');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Weekdays' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Evenings' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mastering' }));
    type(/^Budget/, '10000');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mastering' })).toBeChecked());
  }

  it('sends the spec payload, shows the server message as an alert and clears the fields', async () => {
    const r = recorder({ ok: true, message: 'Thanks, Asha!' });
    render(<ProAudioForm send={r.send} minFillMs={0} />);
    await fillProAudio();
    click('Submit');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Thanks, Asha!'));
    expect(r.sent).toEqual([
      {
        fullName: 'Asha Rao',
        email: 'asha@example.com',
        phone: '9876543210',
        availability: ['Weekdays', 'Evenings'],
        additionalServices: ['Mastering'],
        budget: '10000',
        message: '',
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toHaveValue(''));
    expect(screen.getByRole('checkbox', { name: 'Weekdays' })).not.toBeChecked();
  });

  it('shows "Error submitting form." on failure and keeps what was typed', async () => {
    render(<ProAudioForm send={recorder({ ok: false, reason: 'status', status: 400 }).send} minFillMs={0} />);
    await fillProAudio();
    click('Submit');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error submitting form.'));
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('  Asha Rao ');
    expect(screen.getByRole('checkbox', { name: 'Mastering' })).toBeChecked();
  });

  it('marks name, e-mail and phone as required, shows errors inline and has a honeypot', async () => {
    const r = recorder({ ok: true });
    const { container } = render(<ProAudioForm send={r.send} minFillMs={0} />);
    for (const label of [/^Full name/, /^Email/, /^Phone/]) expect(screen.getByLabelText(label)).toBeRequired();
    expect(container.querySelector('input[name="website"]')).not.toBeNull();
    await act(async () => click('Submit'));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(r.sent).toHaveLength(0);
  });
});
