'use client';

import { diplomaForm } from '@/lib/forms/diploma';
import { FormEngine } from './form-engine';
import type { VisitorFormProps } from './talent-show-form';

/** The diploma registration; `?course=…` ticks that course; success goes to /institute/course-payment. */
export function DiplomaForm(props: VisitorFormProps) {
  return (
    <FormEngine module={diplomaForm} timing="touched" preselect={{ param: 'course', field: 'courses' }} {...props} />
  );
}
