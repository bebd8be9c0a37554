'use client';

import type { ChangeEvent, HTMLInputTypeAttribute, ReactNode } from 'react';
import clsx from 'clsx';
import type { FormOption } from '@/content/forms/options';
import { selectPlaceholder } from '@/content/forms/options';
import { describedBy, useFieldUi } from './form-ui';
import styles from './forms.module.css';

/** The star after a required field's label (read by the label's text, not announced twice). */
function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** A field's message, linked by its id from the control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={styles.error}>
      {error}
    </p>
  ) : null;
}

interface TextFieldProps {
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'numeric';
  hint?: ReactNode;
  /** A typing rule: applied to every change before it reaches the form's values. */
  transform?: (value: string) => string;
  /** Renders a textarea with this many rows. */
  rows?: number;
  autoFocus?: boolean;
  maxLength?: number;
}

/** A labelled text input (or textarea) with its hint and error linked by aria-describedby. */
export function TextField({
  name,
  label,
  type = 'text',
  required,
  autoComplete,
  inputMode,
  hint,
  transform,
  rows,
  autoFocus,
  maxLength,
}: TextFieldProps) {
  const { field, helpers, error, id, errorId, hintId, timing } = useFieldUi<string>(name);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = transform ? transform(event.target.value) : event.target.value;
    void helpers.setValue(value);
    if (timing === 'change') void helpers.setTouched(true, false);
  };
  const common = {
    id,
    name,
    value: field.value ?? '',
    onChange,
    onBlur: field.onBlur,
    autoComplete,
    autoFocus,
    maxLength,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint !== undefined && hintId, error && errorId),
    className: styles.control,
  } as const;
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {hint !== undefined ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {rows ? <textarea rows={rows} {...common} /> : <input type={type} inputMode={inputMode} {...common} />}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A labelled select whose first entry is the empty "-- Select --". */
export function SelectField({
  name,
  label,
  options,
  required,
}: {
  name: string;
  label: string;
  options: readonly FormOption[];
  required?: boolean;
}) {
  const { field, helpers, error, id, errorId, timing } = useFieldUi<string>(name);
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        value={field.value ?? ''}
        onChange={(event) => {
          void helpers.setValue(event.target.value);
          if (timing === 'change') void helpers.setTouched(true, false);
        }}
        onBlur={field.onBlur}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        className={clsx(styles.control, styles.select)}
      >
        <option value="">{selectPlaceholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface CheckboxGroupProps {
  name: string;
  legend: string;
  hint?: string;
  required?: boolean;
  groups: ReadonlyArray<{ heading?: string; options: readonly FormOption[] }>;
}

/** A control's label with the required mark. */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean | undefined;
}) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

/** The boxes or radio buttons of a group, each with its label; `groupId` makes each box's id. */
function Choices(props: {
  type: 'checkbox' | 'radio';
  groupId: string;
  name: string;
  options: readonly FormOption[];
  isChecked: (value: string) => boolean;
  onChoose: (value: string, checked: boolean) => void;
  onBlur: (event: React.FocusEvent) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  return props.options.map((option) => {
    const optionId = `${props.groupId}-${option.value.replace(/[^a-zA-Z0-9]+/g, '-')}`;
    return (
      <label key={option.value} htmlFor={optionId} className={styles.choice}>
        <input
          id={optionId}
          type={props.type}
          name={props.name}
          value={option.value}
          checked={props.isChecked(option.value)}
          onChange={(event) => props.onChoose(option.value, event.target.checked)}
          onBlur={props.onBlur}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
        />
        <span>{option.label}</span>
      </label>
    );
  });
}

/** A fieldset of checkboxes filling a list value; each box points at the group's error. */
export function CheckboxGroup({ name, legend, hint, required, groups }: CheckboxGroupProps) {
  const { field, helpers, error, id, errorId, hintId, timing } = useFieldUi<string[]>(name);
  const chosen = field.value ?? [];
  const toggle = (value: string, checked: boolean) => {
    void helpers.setValue(checked ? [...chosen, value] : chosen.filter((v) => v !== value));
    if (timing !== 'submit') void helpers.setTouched(true, false);
  };
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy(hint && hintId)}>
      <legend className={styles.label}>
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {groups.map((group, g) => (
        <div key={group.heading ?? g} className={styles.choiceGroup}>
          {group.heading ? <p className={styles.groupHeading}>{group.heading}</p> : null}
          <Choices
            type="checkbox"
            groupId={id}
            name={name}
            options={group.options}
            isChecked={(value) => chosen.includes(value)}
            onChoose={toggle}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
            describedBy={describedBy(error && errorId)}
          />
        </div>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** A radio group (a single choice) as a fieldset with role radiogroup. */
export function RadioGroup({
  name,
  legend,
  options,
  required,
  inline,
}: {
  name: string;
  legend: string;
  options: readonly FormOption[];
  required?: boolean;
  inline?: boolean;
}) {
  const { field, helpers, error, id, errorId } = useFieldUi<string>(name);
  const isChosen = (value: string) => field.value === value;
  const choose = (value: string) => {
    void helpers.setValue(value);
    void helpers.setTouched(true, false);
  };
  return (
    <fieldset
      className={styles.fieldset}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a radiogroup (not a plain group) may carry aria-required and aria-invalid for the whole set.
      role="radiogroup"
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(error && errorId)}
    >
      <legend className={styles.label}>
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className={clsx(styles.choiceGroup, inline && styles.inline)}>
        <Choices
          type="radio"
          groupId={id}
          name={name}
          options={options}
          isChecked={isChosen}
          onChoose={choose}
          onBlur={field.onBlur}
        />
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** A single checkbox holding a boolean, with a label that may contain a link. */
export function CheckboxField({
  name,
  children,
  describedById,
}: {
  name: string;
  children: ReactNode;
  describedById?: string;
}) {
  const { field, helpers, id } = useFieldUi<boolean>(name);
  return (
    <div className={clsx(styles.field, styles.choice, styles.single)}>
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={field.value === true}
        onChange={(event) => void helpers.setValue(event.target.checked)}
        onBlur={field.onBlur}
        aria-describedby={describedById}
      />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
