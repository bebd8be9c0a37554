import { VerifyCertificate } from '@/components/certificates/verify-certificate';
import { verifyPage } from '@/content/certificates';
import { certificateApiPath } from '@/lib/certificates/certificates';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { serviceHref } from '@/lib/service-client';

export const metadata = pageMetadata('/verify-certificate');

/** The public check of a certificate's serial: the QR code on each certificate opens it with the serial. */
export default function VerifyCertificatePage() {
  // Where the service answers for a serial, as a full address (its own origin, or the site's).
  const answersAt = serviceHref(certificateApiPath('SERIAL'));
  return (
    <section className="section section-light">
      <div className="container">
        <h1>{verifyPage.heading}</h1>
        <p>{verifyPage.intro}</p>
        <VerifyCertificate
          copy={verifyPage}
          answersAt={answersAt.startsWith('/') ? absoluteUrl(answersAt) : answersAt}
        />
      </div>
    </section>
  );
}
