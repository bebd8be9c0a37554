'use client';

import { diplomaForm } from '@/lib/forms/diploma';
import { CourseRegistrationForm } from './course-intake-picker';
import type { VisitorFormProps } from './talent-show-form';

/** The diploma registration (and the diplomas' intakes); success goes to /institute/course-payment. */
export function DiplomaForm(props: VisitorFormProps) {
  return <CourseRegistrationForm module={diplomaForm} {...props} />;
}
