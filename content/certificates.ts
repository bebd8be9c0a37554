/** The verification page's copy (app/verify-certificate). */
export const verifyPage = {
  heading: 'Verify a certificate',
  intro:
    'Every certificate the studio issues, for a completed course or a masterclass, carries a serial number and a QR code. Scan the code, or enter the serial number printed on the certificate, to see whether it is valid, for whom and for which course.',
  label: 'Serial number (as printed, e.g. CERT-2026-7K3M9QXP2B)',
  button: 'Check',
  noScript: 'Without JavaScript, the service answers for a serial number at',
} as const;
