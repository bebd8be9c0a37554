import { useId } from 'react';

/** A labelled password input; a new password needs at least 12 characters. */
export function PasswordInput(props: {
  label: string;
  kind: 'current' | 'new';
  value: string;
  onChange: (value: string) => void;
  /** The control's name, for password managers (the sign-in form's). */
  name?: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type="password"
        autoComplete={`${props.kind}-password`}
        minLength={props.kind === 'new' ? 12 : undefined}
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
