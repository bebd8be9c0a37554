'use client';

import { WorkTable } from '@/components/dashboard/work-table';
import { useSession } from '@/lib/dashboard/use-session';
import { proAudioForm } from '@/lib/forms/pro-audio/schema';
import styles from './staff-submissions.module.css';

/**
 * The spec's table of submissions on the form page, for a signed-in staff member only. Visitors
 * get nothing: the table's data is not even requested unless the session check succeeds.
 */
export function StaffSubmissions({ dashboard }: { dashboard: string }) {
  const { session, recheck } = useSession();
  if (session.state !== 'signed-in') return null;
  return (
    <section className={styles.staff} aria-labelledby="pro-audio-staff-title">
      <h2 id="pro-audio-staff-title">Submissions</h2>
      <p className="muted">Shown because you are signed in as staff ({session.name}).</p>
      <WorkTable
        form="pro-audio"
        title="Pro audio"
        keys={proAudioForm.payloadKeys}
        detailHref={(id) => `${dashboard}?id=${id}`}
        onUnauthorized={recheck}
      />
    </section>
  );
}
