import { array, string, type AnySchema } from 'yup';
import { optionValuesOf, type FieldDeclaration } from './declaration';
import { learningModes, optionValues } from '@/content/forms/options';
import { MAX } from './limits';
import { text } from './rules';
import { digitsOnly } from './typing';

type Extra<V extends object> = Partial<Omit<FieldDeclaration<V>, 'key' | 'rule'>>;

/**
 * A required one-line answer (platform, mood, how they heard of us…): its keys, label and the form's
 * rule; `extra` gives what differs from a short text (control, limit, hint, half a row…).
 */
export function textField<V extends object>(
  key: keyof V & string,
  payloadKey: string,
  label: string,
  rule: AnySchema,
  extra: Extra<V> = {},
): FieldDeclaration<V> {
  return { key, payloadKey, label, control: 'text', required: true, max: MAX.short, rule, ...extra };
}

/**
 * The e-mail field, as every form shows it (the sender's e-mail). Each form brings its rule (the spec gives each form its
 * own messages) and what differs: its payload key, half a row.
 */
export function emailField<V extends { email: unknown }>(rule: AnySchema, extra: Extra<V> = {}): FieldDeclaration<V> {
  const typing = {
    role: 'email',
    control: 'email',
    max: MAX.email,
    autoComplete: 'email',
    inputMode: 'email',
  } as const;
  return textField('email' as keyof V & string, 'Email', 'Email', rule, { ...typing, ...extra });
}

/** The name field, as every form shows it (the sender's name): each form brings its rule and what differs (key, label, typing…). */
export function nameField<V extends object>(
  rule: AnySchema,
  extra: Extra<V> & { key?: keyof V & string } = {},
): FieldDeclaration<V> {
  const { key = 'name' as keyof V & string, ...rest } = extra;
  return textField(key, 'Name', 'Name', rule, { role: 'name', max: MAX.name, autoComplete: 'name', ...rest });
}

/** A free-text answer of a few lines (goals, experience, notes): optional unless `extra` says otherwise. */
export function notesField<V extends object>(
  key: keyof V & string,
  payloadKey: string,
  label: string,
  extra: Extra<V> & { rule?: AnySchema } = {},
): FieldDeclaration<V> {
  return { key, payloadKey, label, control: 'textarea', max: MAX.long, rule: text(), rows: 3, ...extra };
}

/**
 * One or more choices (courses, DAWs) as checkboxes: at least one, each one of the field's options
 * (or of its groups' options), with the form's message for both.
 */
export function choicesField<V extends object>(
  field: Pick<FieldDeclaration<V>, 'key' | 'payloadKey' | 'label' | 'max' | 'options' | 'groups'>,
  message: string,
): FieldDeclaration<V> {
  const accepted = optionValuesOf(field);
  return {
    ...field,
    control: 'checkboxes',
    required: true,
    rule: array(string().required().oneOf(accepted, message)).default([]).min(1, message),
    hint: 'Choose one or more.',
  };
}

/** The ten-digit Indian mobile number field (the sender's phone, digits only as typed), with the form's own rule. */
export function mobileField<V extends { phone: unknown }>(rule: AnySchema, extra: Extra<V> = {}): FieldDeclaration<V> {
  return textField('phone' as keyof V & string, 'Phone', 'Phone', rule, {
    role: 'phone',
    control: 'tel',
    max: MAX.phone,
    autoComplete: 'tel-national',
    inputMode: 'numeric',
    typing: digitsOnly,
    hint: '10 digits, without +91.',
    ...extra,
  });
}

/** The course forms' learning mode (online, offline…), one choice, with the form's message. */
export function learningModeField<V extends { mode: unknown }>(message: string): FieldDeclaration<V> {
  const rule = text().required(message).oneOf(optionValues(learningModes), message);
  return textField('mode' as keyof V & string, 'Mode', 'Learning mode', rule, {
    control: 'radio',
    options: learningModes,
    inline: true,
  });
}
