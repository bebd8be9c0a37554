'use client';

import { certificationForm } from '@/lib/forms/certification';
import { useCourseIntake } from './course-intake-picker';
import { FormEngine } from './form-engine';
import type { VisitorFormProps } from './talent-show-form';

/** The certification registration (also offers the diplomas); `?course=…` ticks that course; an intake may be chosen. */
export function CertificationForm(props: VisitorFormProps) {
  const { picker, send } = useCourseIntake(certificationForm, props.endpoint);
  return (
    <FormEngine
      module={certificationForm}
      timing="touched"
      preselect={{ param: 'course', field: 'courses' }}
      send={send}
      {...props}
    >
      {picker}
    </FormEngine>
  );
}
