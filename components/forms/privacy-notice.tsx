'use client';

import { SiteLink } from '@/components/shell/site-link';
import { createContext, type ReactNode, useContext } from 'react';
import { formNotice } from '@/content/privacy-notice';
import { yourDataPath } from '@/lib/privacy/your-data';
import styles from './privacy-notice.module.css';

type Contact = { name: string; email: string };

const GrievanceContext = createContext<Contact | undefined>(undefined);

/** Gives the forms' notices the studio's grievance contact (set once in the root layout). */
export function GrievanceContact({ value, children }: { value: Contact; children: ReactNode }) {
  return <GrievanceContext.Provider value={value}>{children}</GrievanceContext.Provider>;
}

/** The short privacy notice beside a form's submit button. */
export function PrivacyNotice({ form }: { form: string }) {
  const contact = useContext(GrievanceContext);
  const notice = formNotice(form);
  return (
    <div className={styles.notice} data-privacy-notice={form}>
      {notice.minors ? <p className={styles.minors}>{notice.minors}</p> : null}
      <p>
        {notice.text} <SiteLink href={yourDataPath}>Your data</SiteLink>
        {contact ? (
          <>
            {' '}
            · Questions or complaints: {contact.name}, <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </>
        ) : null}{' '}
        · <SiteLink href="/privacy-policy">Privacy notice</SiteLink>
      </p>
    </div>
  );
}
