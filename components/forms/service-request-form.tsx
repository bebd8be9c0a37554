'use client';

import { serviceRequestForm } from '@/lib/forms/service-request';
import { FormEngine } from './form-engine';
import type { VisitorFormProps } from './talent-show-form';

/** `?service=mixing` in the link that opened the form selects that project type. */
const preselect = { param: 'service', field: 'projectType' } as const;

/** The service request form: checked on each change. Success goes to /Services-Thanku. */
export function ServiceRequestForm(props: VisitorFormProps) {
  return <FormEngine module={serviceRequestForm} timing="change" preselect={preselect} {...props} />;
}
