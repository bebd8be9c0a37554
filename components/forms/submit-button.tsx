/** A form's primary submit button: disabled, and saying what it does, while the form is busy. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
