'use client';

import { certificationForm } from '@/lib/forms/certification';
import { CourseRegistrationForm } from './course-intake-picker';
import type { VisitorFormProps } from './talent-show-form';

/** The certification registration (also offers the diplomas and every intake). */
export function CertificationForm(props: VisitorFormProps) {
  return <CourseRegistrationForm module={certificationForm} {...props} />;
}
