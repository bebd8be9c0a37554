import { BookingForm } from '@/components/bookings/booking-form';
import { BookingHeld } from '@/components/bookings/booking-held';
import { ProAudioForm } from '@/components/pro-audio/pro-audio-form';
import { StaffSubmissions } from '@/components/pro-audio/staff-submissions';
import { CertificationForm } from './certification-form';
import { DiplomaForm } from './diploma-form';
import { MasterclassForm } from './masterclass-form';
import { MasterclassNextSession } from './masterclass-next-session';
import { QueryForm } from './query-form';
import { ServiceRequestForm } from './service-request-form';
import { TalentShowForm } from './talent-show-form';

/**
 * The components of the form pages' late islands, by name, for the server's render of them: only
 * components/forms/form-islands.tsx requires this module, and only where `typeof window ===
 * 'undefined'`, so none of their code is in the browser's script before an island loads its own.
 */
export const islandComponents = {
  QueryForm,
  TalentShowForm,
  ServiceRequestForm,
  MasterclassForm,
  CertificationForm,
  DiplomaForm,
  ProAudioForm,
  BookingForm,
  MasterclassNextSession,
  BookingHeld,
  StaffSubmissions,
};
