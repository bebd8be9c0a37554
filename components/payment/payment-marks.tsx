/**
 * The payment options' small marks (the QR code, GPay, PhonePe, Paytm and UPI), drawn inline in the
 * page. As `<img>` files each mark was a request of its own, preloaded in the head by React, and a
 * separate SVG document that a slow phone's main thread built, font lookups included, before it
 * went on with the page's own HTML: the payment pages painted last of all routes. Decorative: the
 * option's name is beside it or in its button's label.
 */
import type { PaymentOptionId } from '@/content/payments';

interface MarkProps {
  className?: string;
}

const markFont = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700 } as const;

/** A 48×48 white tile, with a grey edge where the mark itself is white. */
function Tile({ edge = false }: { edge?: boolean }) {
  return <rect width="48" height="48" rx="10" fill="#fff" stroke={edge ? '#dadce0' : undefined} />;
}

const marks: Record<PaymentOptionId, React.ReactNode> = {
  qr: (
    <>
      <Tile />
      <g fill="#17171d">
        <path d="M6 6h14v14H6zm3 3v8h8V9z" fillRule="evenodd" />
        <rect x="11" y="11" width="4" height="4" />
        <path d="M28 6h14v14H28zm3 3v8h8V9z" fillRule="evenodd" />
        <rect x="33" y="11" width="4" height="4" />
        <path d="M6 28h14v14H6zm3 3v8h8v-8z" fillRule="evenodd" />
        <rect x="11" y="33" width="4" height="4" />
        <path d="M24 24h4v4h-4zm6 4h4v4h-4zm6-4h6v4h-6zm-12 8h4v6h-4zm8 4h4v6h-4zm6-4h4v4h-4zm-14 8h4v2h-4zm-2-32h3v4h-3zm0 7h3v5h-3zM8 23h5v3H8zm7 0h4v3h-4z" />
      </g>
    </>
  ),
  gpay: (
    <>
      <Tile edge />
      <rect x="8" y="34" width="8" height="3" rx="1.5" fill="#4285f4" />
      <rect x="16" y="34" width="8" height="3" rx="1.5" fill="#34a853" />
      <rect x="24" y="34" width="8" height="3" rx="1.5" fill="#fbbc04" />
      <rect x="32" y="34" width="8" height="3" rx="1.5" fill="#ea4335" />
      <text x="24" y="28" textAnchor="middle" fontSize="15" fill="#3c4043" {...markFont}>
        GPay
      </text>
    </>
  ),
  phonepe: (
    <>
      <Tile />
      <circle cx="24" cy="24" r="20" fill="#5f259f" />
      <text x="24" y="30" textAnchor="middle" fontSize="17" fill="#fff" {...markFont}>
        Pe
      </text>
    </>
  ),
  paytm: (
    <>
      <Tile edge />
      <text x="24" y="29" textAnchor="middle" fontSize="13" letterSpacing="-0.3" {...markFont}>
        <tspan fill="#002970">Pay</tspan>
        <tspan fill="#00baf2">tm</tspan>
      </text>
    </>
  ),
};

/** The mark of a payment option, 48×48. */
export function PaymentMark({ id, className }: MarkProps & { id: PaymentOptionId }) {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" className={className} aria-hidden="true" focusable="false">
      {marks[id]}
    </svg>
  );
}

/** The UPI mark beside "Pay via UPI", 40×20. */
export function UpiMark({ className }: MarkProps) {
  return (
    <svg viewBox="0 0 80 40" width="40" height="20" className={className} aria-hidden="true" focusable="false">
      <rect width="80" height="40" rx="6" fill="#fff" />
      <text x="8" y="28" fontSize="22" fontStyle="italic" fill="#4a4a57" {...markFont}>
        UPI
      </text>
      <path d="M56 10l10 10-10 10z" fill="#f57c00" />
      <path d="M63 10l10 10-10 10z" fill="#2e7d32" />
    </svg>
  );
}
