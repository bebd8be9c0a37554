import { kindTitle, verifyUrl } from '@/lib/certificates/certificates';
import { Skip } from '../platform/outbox';
import { render, type RegistrantMail } from '../sessions/registrant-message';
import { certificatePdf } from './certificate-pdf';
import { certificateOfSeat, statusOf } from './certificates-store';

/** The e-mail carrying a seat's certificate as a PDF, unless it was revoked or withdrawn. */
export const certificateMessage: RegistrantMail = async (opts, item, to) => {
  const certificate = await certificateOfSeat(opts.db, item.refId);
  if (!certificate || statusOf(certificate) !== 'valid') throw new Skip('the certificate is revoked or withdrawn');
  const title = kindTitle[certificate.kind];
  const reference = `Registration #${certificate.registrationId}`;
  const body = render(
    {
      heading: `Your ${title.toLowerCase()}`,
      paragraphs: [
        certificate.kind === 'completion'
          ? `Congratulations on completing ${certificate.course}. Your certificate is attached.`
          : `Thank you for taking part in the ${certificate.course}. Your certificate is attached.`,
        'Anyone can check it on our site with its serial number, or by scanning the code on it.',
      ],
      facts: [
        ['Certificate', `${certificate.serial} (attached)`],
        ['Name', certificate.holderName],
      ],
      links: [['Check this certificate', verifyUrl(opts.siteUrl, certificate.serial)]],
    },
    opts.studio,
    reference,
  );
  return {
    to,
    subject: `${opts.studio.name}: your ${title.toLowerCase()} (${certificate.serial})`,
    ...body,
    attachments: [
      {
        filename: `certificate-${certificate.serial}.pdf`,
        content: Buffer.from(await certificatePdf(certificate, opts.siteUrl)),
        contentType: 'application/pdf',
      },
    ],
  };
};
