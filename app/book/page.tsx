// The booking parts' styles come with the page's own, not late with the form's script (no shift as they land).
import '@/components/bookings/bookings.module.css';
import { bookingCatalogue } from '@/components/bookings/catalogue';
import { BookingFormIsland } from '@/components/forms/form-islands';
import { FormPage } from '@/components/forms/form-page';
import { bookingPage } from '@/content/forms/booking';
import { readBookingStudio } from '@/lib/bookings/studio-file';
import { getEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/book');

export default async function BookPage() {
  const catalogue = bookingCatalogue(await readBookingStudio(), getEnv());
  return (
    <FormPage copy={bookingPage} headingId="booking-heading">
      <BookingFormIsland catalogue={catalogue} labelledBy="booking-heading" />
    </FormPage>
  );
}
