'use client';

import { useEffect, useState } from 'react';
import { kindTitle, type OwnCertificate, verifyPagePath } from '@/lib/certificates/certificates';
import { fetchOwnCertificatePdf, fetchOwnCertificates } from '@/lib/certificates/certificates-client';
import { saveFile } from '@/lib/privacy/privacy-client';
import styles from './registrant.module.css';

const standing: Record<OwnCertificate['status'], string> = {
  valid: '',
  revoked: ' (revoked by the studio: write to us if you think this is a mistake)',
  withdrawn: ' (withdrawn at your request)',
  'not-valid': ' (not valid: it was issued before attendance and payment were recorded; write to us)',
};

/** A registrant's certificates: each with its serial, and its PDF to download while it stands. */
export function RegistrantCertificates({ token }: { token: string }) {
  const [certificates, setCertificates] = useState<OwnCertificate[]>([]);
  const [message, setMessage] = useState('');
  useEffect(() => {
    void fetchOwnCertificates(token).then(setCertificates);
  }, [token]);
  /** The PDF is fetched with the link's token in a header, then saved: its address never carries the token. */
  const download = async (c: OwnCertificate) => {
    const pdf = await fetchOwnCertificatePdf(token, c.serial);
    if (pdf) saveFile(pdf, `certificate-${c.serial}.pdf`);
    else setMessage('The certificate could not be downloaded. Please try again in a minute.');
  };
  if (certificates.length === 0) return null;
  return (
    <section aria-labelledby="registrant-certificates">
      <h2 id="registrant-certificates">Your certificate</h2>
      <ul data-testid="own-certificates">
        {certificates.map((c) => (
          <li key={c.serial}>
            {kindTitle[c.kind]}, {c.course}, issued {c.issuedOn}, serial{' '}
            <a href={`${verifyPagePath}?serial=${c.serial}`}>{c.serial}</a>
            {standing[c.status]}
            {c.status === 'valid' ? (
              <>
                {' '}
                <button type="button" className="btn btn-ghost" onClick={() => void download(c)}>
                  Download (PDF)
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <p role="status" className={styles.message}>
        {message}
      </p>
    </section>
  );
}
