import { QRCodeSVG } from 'qrcode.react';
import { shownCode, type TicketView } from '@/lib/sessions/ticket';
import styles from './registrant.module.css';

/** The QR code's size in CSS pixels: large enough for a door phone's camera at arm's length. */
const TICKET_QR_SIZE = 220;

/**
 * The registrant's door ticket for an offline session or intake: the QR code staff scan at the
 * door, and its short code for when the camera cannot read it.
 */
export function DoorTicket({ ticket }: { ticket: TicketView }) {
  return (
    <section className={styles.ticket} aria-labelledby="ticket-title">
      <h2 id="ticket-title">Your ticket</h2>
      <p>Show this at the door. Each ticket checks in once.</p>
      <div className={styles.ticketQr}>
        <QRCodeSVG
          value={ticket.token}
          size={TICKET_QR_SIZE}
          level="M"
          marginSize={4}
          role="img"
          aria-label="Ticket QR code"
          data-testid="ticket-qr"
        />
      </div>
      <p>
        Code: <strong data-testid="ticket-code">{shownCode(ticket.code)}</strong>
      </p>
    </section>
  );
}
