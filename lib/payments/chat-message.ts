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
  /** The e-mail carried from the form, when there is one. */
  email?: string | undefined;
}

/** The "Label: value" line, with an empty value left for the visitor to type. */
function field(label: string, value = ''): string {
  return value ? `${label}: ${value}` : `${label}: `;
}

/**
 * The editable chat draft a payer sends after paying: greeting, the details the team needs (name,
 * e-mail, phone to complete; the amount and reference filled in), the UTR line and a reminder to
 * attach the screenshot, which a link cannot carry.
 */
export function buildPaymentChatMessage(input: ChatMessageInput): string {
  const email = input.email?.trim();
  return [
    `Hello ${input.studioName}! ${input.template.intro}`,
    field('Name'),
    field('Email', email),
    field('Phone'),
    ...input.template.extraFields.map((label) => field(label)),
    field('Amount paid', formatRupees(input.amountPaise)),
    field('Payment reference', input.reference),
    field('UTR (12-digit UPI transaction ID)'),
    'I am attaching the payment screenshot to this chat.',
  ].join('\n');
}
