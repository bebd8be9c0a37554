import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ProAudioForm } from '@/components/pro-audio/pro-audio-form';
import type { ProAudioPayload } from '@/lib/forms/pro-audio/schema';
import { submitProAudio } from '@/lib/forms/pro-audio/submit';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name }));

async function fill() {
  type('Full name', '  Asha Rao ');
  type('Email', 'asha@example.com');
  type('Phone', '9876543210');
  tick('Weekdays');
  tick('Evenings');
  tick('Mastering');
  type('Budget', '10000');
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mastering' })).toBeChecked());
}

const submitForm = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('the pro audio form', () => {
  it('sends the spec payload, shows the server message and clears the fields', async () => {
    const sent: ProAudioPayload[] = [];
    render(<ProAudioForm submit={async (p) => (sent.push(p), { ok: true, message: 'Thanks, Asha!' })} />);
    await fill();
    submitForm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Thanks, Asha!');
    expect(sent).toEqual([
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
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue(''));
    expect(screen.getByRole('checkbox', { name: 'Weekdays' })).not.toBeChecked();
  });

  it('shows "Error submitting form." on failure and keeps what was typed', async () => {
    render(<ProAudioForm submit={async () => ({ ok: false, message: 'Error submitting form.' })} />);
    await fill();
    submitForm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error submitting form.');
    expect(screen.getByLabelText('Full name')).toHaveValue('  Asha Rao ');
    expect(screen.getByRole('checkbox', { name: 'Mastering' })).toBeChecked();
  });

  it('marks name, e-mail and phone as required and sends nothing without them', async () => {
    const submit = jest.fn();
    render(<ProAudioForm submit={submit} />);
    for (const label of ['Full name', 'Email', 'Phone']) expect(screen.getByLabelText(label)).toBeRequired();
    submitForm();
    // Past the browser's check (as an old browser would), the shared schema still stops it.
    fireEvent.submit(screen.getByRole('form', { name: 'Pro audio recording request' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('submitProAudio', () => {
  const payload: ProAudioPayload = {
    fullName: 'A',
    email: 'a@b.co',
    phone: '9876543210',
    availability: [],
    additionalServices: [],
    budget: '',
    message: '',
  };
  // jsdom has no Response: a stand-in with what submitProAudio reads.
  const answer = (status: number, body: unknown) => async () =>
    ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

  it('uses the server message, or the spec default when there is none', async () => {
    expect(await submitProAudio(payload, answer(201, { message: 'Saved.' }))).toEqual({ ok: true, message: 'Saved.' });
    expect(await submitProAudio(payload, answer(200, {}))).toEqual({
      ok: true,
      message: 'Form submitted successfully!',
    });
  });

  it('fails with the spec message on a non-ok status or a network error', async () => {
    expect(await submitProAudio(payload, answer(400, { message: 'Bad' }))).toEqual({
      ok: false,
      message: 'Error submitting form.',
    });
    expect(await submitProAudio(payload, async () => Promise.reject(new TypeError('offline')))).toEqual({
      ok: false,
      message: 'Error submitting form.',
    });
  });
});
