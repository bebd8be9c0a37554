import { coursePaymentCopy, masterclassPaymentCopy } from '@/content/payments';
import { buildPaymentChatMessage } from '@/lib/payments/chat-message';
import { whatsappLink } from '@/lib/studio-links';

/** The masterclass draft of One11 Studios for ₹116.82 with reference MCABC123; `changes` alter any of that. */
const draft = (changes: Partial<Parameters<typeof buildPaymentChatMessage>[0]> = {}) =>
  buildPaymentChatMessage({
    studioName: 'One11 Studios',
    template: masterclassPaymentCopy.chat,
    amountPaise: 11682,
    reference: 'MCABC123',
    ...changes,
  });

describe('the chat draft', () => {
  it('greets, leaves name, e-mail and phone to fill, and carries the amount, the reference, the UTR line and the screenshot note', () => {
    const text = draft();
    expect(text.split('\n')).toEqual([
      'Hello One11 Studios! I have paid for the masterclass by UPI. My details:',
      'Name: ',
      'Email: ',
      'Phone: ',
      'Amount paid: ₹116.82',
      'Payment reference: MCABC123',
      'UTR (12-digit UPI transaction ID): ',
      'I am attaching the payment screenshot to this chat.',
    ]);
  });

  it('fills in the name, e-mail and phone the visitor gave, and the UTR of the claim', () => {
    const text = draft({
      name: 'Asha Rao',
      email: ' asha@example.com ',
      phone: '9876543210',
      utr: '412345678901',
    });
    expect(text).toContain('\nName: Asha Rao\nEmail: asha@example.com\nPhone: 9876543210\n');
    expect(text).toContain('\nUTR (12-digit UPI transaction ID): 412345678901\n');
  });

  it('asks for the course on the course page', () => {
    const text = draft({ template: coursePaymentCopy.chat, amountPaise: 117882, reference: 'CRXYZ' });
    expect(text).toContain('\nPhone: \nCourse: \nAmount paid: ₹1,178.82\n');
  });

  it('survives the trip through the wa.me link unchanged', () => {
    const text = draft({ studioName: 'Rhythm & Co', email: 'a+b@example.com' });
    const link = new URL(whatsappLink('919000000000', text));
    expect(link.origin + link.pathname).toBe('https://wa.me/919000000000');
    expect(link.searchParams.get('text')).toBe(text);
    expect(link.search).not.toContain('+');
  });
});
