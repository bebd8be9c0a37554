'use client';

import { diplomaForm } from '@/lib/forms/diploma';
import { useCourseIntake } from './course-intake-picker';
import { FormEngine } from './form-engine';
import type { VisitorFormProps } from './talent-show-form';

/** The diploma registration; `?course=…` ticks that course; an intake may be chosen; success goes to /institute/course-payment. */
export function DiplomaForm(props: VisitorFormProps) {
  const { picker, send } = useCourseIntake(diplomaForm, props.endpoint);
  return (
    <FormEngine
      module={diplomaForm}
      timing="touched"
      preselect={{ param: 'course', field: 'courses' }}
      send={send}
      {...props}
    >
      {picker}
    </FormEngine>
  );
}
