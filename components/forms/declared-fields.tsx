'use client';

import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import type { FieldDeclaration } from '@/lib/forms/declaration';
import { CheckboxField, CheckboxGroup, RadioGroup, SelectField, TextField } from './fields';
import styles from './forms.module.css';

/** Fields whose own rendering a form replaces (a consent box whose label holds a link). */
export type FieldSlots = Readonly<Record<string, ReactNode>>;

function DeclaredField<V extends object>({ field, slots }: { field: FieldDeclaration<V>; slots?: FieldSlots }) {
  const { values } = useFormikContext<V>();
  if (field.shownWhen && !field.shownWhen(values)) return null;
  const slot = slots?.[field.key];
  if (slot !== undefined) return <>{slot}</>;
  const common = { name: field.key, required: field.required };
  switch (field.control) {
    case 'select':
      return <SelectField {...common} label={field.label} options={field.options ?? []} />;
    case 'radio':
      return <RadioGroup {...common} legend={field.label} options={field.options ?? []} inline={field.inline} />;
    case 'checkboxes':
      return (
        <CheckboxGroup
          {...common}
          legend={field.label}
          hint={field.hint}
          groups={field.groups ?? [{ options: field.options ?? [] }]}
        />
      );
    case 'checkbox':
      return <CheckboxField name={field.key}>{field.label}</CheckboxField>;
    default:
      return (
        <TextField
          {...common}
          label={field.label}
          type={field.control === 'textarea' ? 'text' : field.control}
          rows={field.control === 'textarea' ? field.rows : undefined}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          hint={field.hint}
          transform={field.typing}
          autoFocus={field.autoFocus}
          maxLength={field.max}
        />
      );
  }
}

/** A form's fields in declaration order; neighbours declared `half` share a row on wide screens. */
export function DeclaredFields<V extends object>({
  fields,
  slots,
}: {
  fields: readonly FieldDeclaration<V>[];
  slots?: FieldSlots;
}) {
  const rows: FieldDeclaration<V>[][] = [];
  for (const field of fields) {
    const last = rows[rows.length - 1];
    if (field.half && last?.[0]?.half) last.push(field);
    else rows.push([field]);
  }
  return rows.map((row) =>
    row[0]?.half ? (
      <div key={row[0].key} className={styles.twoCols}>
        {row.map((f) => (
          <DeclaredField key={f.key} field={f} slots={slots} />
        ))}
      </div>
    ) : (
      row.map((f) => <DeclaredField key={f.key} field={f} slots={slots} />)
    ),
  );
}
