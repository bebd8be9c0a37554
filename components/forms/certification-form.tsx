'use client';

import { certificationForm } from '@/lib/forms/certification';
import { type CourseFormProps, CourseRegistrationForm } from './course-intake-picker';

/** The certification registration (also offers the diplomas and every intake). */
export function CertificationForm(props: CourseFormProps) {
  return <CourseRegistrationForm module={certificationForm} {...props} />;
}
