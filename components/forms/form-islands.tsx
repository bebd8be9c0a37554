'use client';

import type { ComponentProps, ComponentType } from 'react';
import { lateIsland } from '@/components/shell/late-island';
import type { islandComponents } from './island-components';

/*
 * The form pages' parts that hydrate after the page (components/shell/late-island.tsx): each form
 * (formik, yup and the form engine are most of a form page's script), the masterclass's live next
 * session, the held booking and the pro audio page's staff list. Each form marks itself `data-ready` once live.
 */

/** Each island's component, by the name its module exports it under. */
type Parts = { [K in keyof typeof islandComponents]: ComponentType<ComponentProps<(typeof islandComponents)[K]>> };

/** On the server, every island's component, which it renders whole; in the browser nothing (Next drops the require). */
const onServer: Parts | undefined =
  typeof window === 'undefined' ? require('./island-components').islandComponents : undefined;

/** The island of the component `name`: its module, which `load` imports in the browser, exports it under that name. */
function island<K extends keyof Parts>(load: () => Promise<Pick<Parts, K>>, name: K) {
  return lateIsland(async () => (await load())[name], onServer?.[name]);
}

export const QueryFormIsland = island(() => import('./query-form'), 'QueryForm');
export const TalentShowFormIsland = island(() => import('./talent-show-form'), 'TalentShowForm');
export const ServiceRequestFormIsland = island(() => import('./service-request-form'), 'ServiceRequestForm');
export const MasterclassFormIsland = island(() => import('./masterclass-form'), 'MasterclassForm');
export const CertificationFormIsland = island(() => import('./certification-form'), 'CertificationForm');
export const DiplomaFormIsland = island(() => import('./diploma-form'), 'DiplomaForm');
export const BookingFormIsland = island(() => import('@/components/bookings/booking-form'), 'BookingForm');
export const ProAudioFormIsland = island(() => import('@/components/pro-audio/pro-audio-form'), 'ProAudioForm');

// The parts that are not forms: the masterclass's next session, the held booking and the pro audio page's staff list.
export const MasterclassNextSessionIsland = island(
  () => import('./masterclass-next-session'),
  'MasterclassNextSession',
);
export const BookingHeldIsland = island(() => import('@/components/bookings/booking-held'), 'BookingHeld');
export const StaffSubmissionsIsland = island(
  () => import('@/components/pro-audio/staff-submissions'),
  'StaffSubmissions',
);
