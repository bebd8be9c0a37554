'use client';

import { serviceRequestForm } from '@/lib/forms/service-request';
import { FormEngine } from './form-engine';
import type { VisitorFormProps } from './talent-show-form';

/**
 * The service request form: checked on each change; `?service=mixing` in the link that opened it
 * selects that project type. Success goes to /Services-Thanku.
 */
export function ServiceRequestForm(props: VisitorFormProps) {
  return (
    <FormEngine
      module={serviceRequestForm}
      timing="change"
      preselect={{ param: 'service', field: 'projectType' }}
      {...props}
    />
  );
}
