import type { AnySchema } from 'yup';
import type { FieldDeclaration } from './declaration';
import { learningModes, optionValues } from '@/content/forms/options';
import { MAX } from './limits';
import { text } from './rules';
import { digitsOnly } from './typing';

type Extra<V extends object> = Partial<Omit<FieldDeclaration<V>, 'key' | 'rule'>>;

/**
 * The e-mail field, as every form shows it. Each form brings its rule (the spec gives each form its
 * own messages) and what differs: its payload key, half a row.
 */
export function emailField<V extends { email: unknown }>(rule: AnySchema, extra: Extra<V> = {}): FieldDeclaration<V> {
  return {
    key: 'email',
    payloadKey: 'Email',
    label: 'Email',
    control: 'email',
    required: true,
    max: MAX.email,
    rule,
    autoComplete: 'email',
    inputMode: 'email',
    ...extra,
  };
}

/** The name field, as every form shows it: each form brings its rule and what differs (key, label, typing…). */
export function nameField<V extends object>(
  rule: AnySchema,
  extra: Extra<V> & { key?: keyof V & string } = {},
): FieldDeclaration<V> {
  return {
    key: 'name' as keyof V & string,
    payloadKey: 'Name',
    label: 'Name',
    control: 'text',
    required: true,
    max: MAX.name,
    rule,
    autoComplete: 'name',
    ...extra,
  };
}

/** The course forms' optional music experience. */
export function experienceField<V extends { experience: unknown }>(): FieldDeclaration<V> {
  return {
    key: 'experience',
    payloadKey: 'Experience',
    label: 'Your music experience (optional)',
    control: 'textarea',
    max: MAX.long,
    rule: text(),
    rows: 3,
  };
}

/** The ten-digit Indian mobile number field (digits only as typed), with the form's own rule. */
export function mobileField<V extends { phone: unknown }>(rule: AnySchema, extra: Extra<V> = {}): FieldDeclaration<V> {
  return {
    key: 'phone',
    payloadKey: 'Phone',
    label: 'Phone',
    control: 'tel',
    required: true,
    max: MAX.phone,
    rule,
    autoComplete: 'tel-national',
    inputMode: 'numeric',
    typing: digitsOnly,
    hint: '10 digits, without +91.',
    ...extra,
  };
}

/** The course forms' learning mode (online, offline…), one choice, with the form's message. */
export function learningModeField<V extends { mode: unknown }>(message: string): FieldDeclaration<V> {
  return {
    key: 'mode',
    payloadKey: 'Mode',
    label: 'Learning mode',
    control: 'radio',
    required: true,
    max: MAX.short,
    options: learningModes,
    rule: text().required(message).oneOf(optionValues(learningModes), message),
    inline: true,
  };
}
