import styles from '@/components/bookings/bookings.module.css';
import { bookingNames } from '@/components/bookings/catalogue';
import { BookingHeldIsland } from '@/components/forms/form-islands';
import { FormPage } from '@/components/forms/form-page';
import { bookingHeldPage } from '@/content/forms/booking';
import { readBookingStudio } from '@/lib/bookings/studio-file';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';
import { fillStudioTokens } from '@/lib/tokens';

export const metadata = pageMetadata('/book/held');

export default async function BookHeldPage() {
  const studio = getStudio();
  const names = bookingNames(await readBookingStudio());
  return (
    <FormPage copy={bookingHeldPage} headingId="booking-held-heading">
      <noscript>
        <p>{fillStudioTokens(bookingHeldPage.noScript, studio)}</p>
      </noscript>
      {/* The page's own CSS keeps room for the booking's facts (the island's would come late, moving the footer). */}
      <div className={styles.held}>
        <BookingHeldIsland payTo={{ upi: studio.upi, whatsapp: studio.whatsapp }} names={names} />
      </div>
    </FormPage>
  );
}
