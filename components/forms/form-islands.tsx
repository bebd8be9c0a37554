'use client';

import type { ComponentProps } from 'react';
import { lateIsland } from '@/components/shell/late-island';
import type { ProAudioForm } from '@/components/pro-audio/pro-audio-form';
import type { StaffSubmissions } from '@/components/pro-audio/staff-submissions';
import type { CertificationForm } from './certification-form';
import type { DiplomaForm } from './diploma-form';
import type { VisitorFormProps } from './form-engine';
import type { MasterclassForm } from './masterclass-form';
import type { MasterclassNextSession } from './masterclass-next-session';

/*
 * The form pages' parts that hydrate after the page (components/shell/late-island.tsx): each form
 * (formik, yup and the form engine are most of a form page's script), the masterclass's live next
 * session and the pro audio page's staff list. Each form marks itself `data-ready` once live.
 */

export const QueryFormIsland = lateIsland<VisitorFormProps>(
  () => import('./query-form').then((m) => m.QueryForm),
  typeof window === 'undefined' ? require('./query-form').QueryForm : undefined,
);
export const TalentShowFormIsland = lateIsland<VisitorFormProps>(
  () => import('./talent-show-form').then((m) => m.TalentShowForm),
  typeof window === 'undefined' ? require('./talent-show-form').TalentShowForm : undefined,
);
export const ServiceRequestFormIsland = lateIsland<VisitorFormProps>(
  () => import('./service-request-form').then((m) => m.ServiceRequestForm),
  typeof window === 'undefined' ? require('./service-request-form').ServiceRequestForm : undefined,
);
export const MasterclassFormIsland = lateIsland<ComponentProps<typeof MasterclassForm>>(
  () => import('./masterclass-form').then((m) => m.MasterclassForm),
  typeof window === 'undefined' ? require('./masterclass-form').MasterclassForm : undefined,
);
export const MasterclassNextSessionIsland = lateIsland<ComponentProps<typeof MasterclassNextSession>>(
  () => import('./masterclass-next-session').then((m) => m.MasterclassNextSession),
  typeof window === 'undefined' ? require('./masterclass-next-session').MasterclassNextSession : undefined,
);
export const CertificationFormIsland = lateIsland<ComponentProps<typeof CertificationForm>>(
  () => import('./certification-form').then((m) => m.CertificationForm),
  typeof window === 'undefined' ? require('./certification-form').CertificationForm : undefined,
);
export const DiplomaFormIsland = lateIsland<ComponentProps<typeof DiplomaForm>>(
  () => import('./diploma-form').then((m) => m.DiplomaForm),
  typeof window === 'undefined' ? require('./diploma-form').DiplomaForm : undefined,
);
export const ProAudioFormIsland = lateIsland<ComponentProps<typeof ProAudioForm>>(
  () => import('@/components/pro-audio/pro-audio-form').then((m) => m.ProAudioForm),
  typeof window === 'undefined' ? require('@/components/pro-audio/pro-audio-form').ProAudioForm : undefined,
);
export const StaffSubmissionsIsland = lateIsland<ComponentProps<typeof StaffSubmissions>>(
  () => import('@/components/pro-audio/staff-submissions').then((m) => m.StaffSubmissions),
  typeof window === 'undefined' ? require('@/components/pro-audio/staff-submissions').StaffSubmissions : undefined,
);
