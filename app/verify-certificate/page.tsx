import { VerifyCertificate } from '@/components/certificates/verify-certificate';
import { verifyPage } from '@/content/certificates';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/verify-certificate');

/** The public check of a certificate's serial: the QR code on each certificate opens it with the serial. */
export default function VerifyCertificatePage() {
  return (
    <section className="section section-light">
      <div className="container">
        <h1>{verifyPage.heading}</h1>
        <p>{verifyPage.intro}</p>
        <VerifyCertificate copy={verifyPage} />
      </div>
    </section>
  );
}
