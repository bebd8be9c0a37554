'use client';

import { serviceRequestForm } from '@/lib/forms/service-request';
import { FormEngine, type VisitorFormProps } from './form-engine';

/** `?service=mixing` in the link that opened the form selects that project type. */
const preselect = { param: 'service', field: 'projectType' } as const;

/** The service request form: checked on each change. Success goes to /Services-Thanku. */
export function ServiceRequestForm(props: VisitorFormProps) {
  return <FormEngine module={serviceRequestForm} timing="change" preselect={preselect} {...props} />;
}
