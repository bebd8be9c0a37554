'use client';

import { certificationForm } from '@/lib/forms/certification';
import { FormEngine } from './form-engine';
import type { VisitorFormProps } from './talent-show-form';

/** The certification registration (also offers the diplomas); `?course=…` ticks that course. */
export function CertificationForm(props: VisitorFormProps) {
  return (
    <FormEngine
      module={certificationForm}
      timing="touched"
      preselect={{ param: 'course', field: 'courses' }}
      {...props}
    />
  );
}
