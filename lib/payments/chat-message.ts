import { formatRupees } from './money';

/** What the chat draft is about, with its own opening line and any extra blank lines to fill. */
export interface ChatMessageTemplate {
  /** Follows "Hello {studio}!" */
  intro: string;
  /** Extra "Label:" lines for the visitor to complete, after Phone. */
  extraFields: readonly string[];
}

export interface ChatMessageInput {
  studioName: string;
  template: ChatMessageTemplate;
  amountPaise: number;
  reference: string;
  /** What the visitor already gave (the sign-up form, the claim form), filled in when known. */
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** The UTR of the visitor's claim. */
  utr?: string | undefined;
}

/** The "Label: value" line, with an empty value left for the visitor to type. */
function field(label: string, value = ''): string {
  return value ? `${label}: ${value}` : `${label}: `;
}

/**
 * The editable chat draft a payer sends after paying: greeting, the details the team needs (name,
 * e-mail, phone and UTR filled in with what the visitor already gave, else left to complete; the
 * amount and reference filled in), and a reminder to attach the screenshot, which a link cannot carry.
 */
export function buildPaymentChatMessage(input: ChatMessageInput): string {
  return [
    `Hello ${input.studioName}! ${input.template.intro}`,
    field('Name', input.name?.trim()),
    field('Email', input.email?.trim()),
    field('Phone', input.phone?.trim()),
    ...input.template.extraFields.map((label) => field(label)),
    field('Amount paid', formatRupees(input.amountPaise)),
    field('Payment reference', input.reference),
    field('UTR (12-digit UPI transaction ID)', input.utr?.trim()),
    'I am attaching the payment screenshot to this chat.',
  ].join('\n');
}
