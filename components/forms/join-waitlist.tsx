import { WAITLIST_KEY } from '@/lib/sessions/choice';

/**
 * "Join the waitlist", shown once the chosen session or intake was refused as full: a second submit
 * button of the same form, so everything typed is sent again, with `waitlist` (without JavaScript
 * the browser sends its name and value; with it, `onJoin` tells the form's send).
 */
export function JoinWaitlist({ kind, what, onJoin }: { kind: 'session' | 'intake'; what: string; onJoin: () => void }) {
  return (
    <p>
      This {kind} is full.{' '}
      <button type="submit" className="btn btn-secondary" name={WAITLIST_KEY} value="true" onClick={onJoin}>
        Join the waitlist
      </button>{' '}
      for {what}: when a seat frees, we e-mail you an offer that holds it for you.
    </p>
  );
}
