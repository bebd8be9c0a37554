'use client';

import { diplomaForm } from '@/lib/forms/diploma';
import { type CourseFormProps, CourseRegistrationForm } from './course-intake-picker';

/** The diploma registration (and the diplomas' intakes); success goes to /institute/course-payment. */
export function DiplomaForm(props: CourseFormProps) {
  return <CourseRegistrationForm module={diplomaForm} {...props} />;
}
