/** @jest-environment node */
import { certificationForm } from '@/lib/forms/certification';
import { diplomaForm } from '@/lib/forms/diploma';
import { masterclassForm } from '@/lib/forms/masterclass';
import { checkPayload, type FormModule } from '@/lib/forms/declaration';
import { queryForm } from '@/lib/forms/query';
import { formLabels, inboxForms } from '@/lib/forms/registry';
import { serviceRequestForm } from '@/lib/forms/service-request';
import { talentShowForm } from '@/lib/forms/talent-show';
import { inboxFormNames } from '@/lib/forms/types';
import { collectErrors } from '@/lib/forms/validate';

import {
  TS,
  validCertification,
  validDiploma,
  validMasterclass,
  validQuery,
  validService,
  validTalent,
} from './fixtures';
import { certificationPayload, emptyFieldMessages } from './spec-expectations';

const errorsOf = <V extends object>(module: FormModule<V>, values: V) => collectErrors(module.schema, values);

describe('every form: valid values map to a payload the inbox accepts', () => {
  /** A form with valid values, checked without losing the values' type. */
  const entry = <V extends object>(module: FormModule<V>, values: V) => ({
    module,
    check() {
      expect(collectErrors(module.schema, values)).toEqual({});
      const payload = module.toPayload(values, TS);
      expect(Object.keys(payload)).toEqual([...module.payloadKeys]);
      // The service checks it with the same declaration and stores exactly the same payload.
      expect(checkPayload(module, payload)).toEqual({ ok: true, payload });
    },
  });
  const cases = [
    entry(talentShowForm, validTalent),
    entry(queryForm, validQuery),
    entry(serviceRequestForm, validService),
    entry(certificationForm, validCertification),
    entry(diplomaForm, validDiploma),
    entry(masterclassForm, validMasterclass),
  ];

  it.each(cases.map((c) => [c.module.name, c] as const))('%s', (_name, c) => c.check());

  it('the registry holds every form; the service refuses unknown keys and needs a date-time Timestamp', () => {
    expect(Object.keys(inboxForms).sort()).toEqual([...inboxFormNames].sort());
    const payload = queryForm.toPayload(validQuery, TS);
    expect(checkPayload(queryForm, { ...payload, Extra: 'x' })).toEqual({
      ok: false,
      errors: { Extra: 'Unknown field' },
    });
    expect(checkPayload(queryForm, { ...payload, Timestamp: '' })).toEqual({
      ok: false,
      errors: { Timestamp: 'Timestamp is required' },
    });
    expect(checkPayload(queryForm, { ...payload, Timestamp: '31/02/2025, 1:00:00 pm' })).toEqual({
      ok: false,
      errors: { Timestamp: 'Timestamp must be a date and time' },
    });
    expect(checkPayload(queryForm, { ...payload, Timestamp: '2025-07-01T14:05:09Z' }).ok).toBe(true);
  });

  it('labels every payload key for the dashboard and the CSV, from the declaration', () => {
    expect(formLabels('query')).toEqual({ Name: 'Name', Email: 'Email', Query: 'Your query', Timestamp: 'Timestamp' });
    for (const name of inboxFormNames) expect(Object.keys(formLabels(name))).toEqual([...inboxForms[name].payloadKeys]);
    expect(formLabels('pro-audio').fullName).toBe('Full name');
  });

  it('initial values fail validation (nothing can be sent empty)', () => {
    for (const { module } of cases)
      expect(Object.keys(collectErrors(module.schema, module.initialValues)).length).toBeGreaterThan(0);
  });
});

describe('talent show', () => {
  it('says Required for every empty field, including a contact number that is only +91', () => {
    expect(talentShowForm.initialValues.contactNumber).toBe('+91');
    const errors = errorsOf(talentShowForm, talentShowForm.initialValues);
    expect(Object.keys(errors).sort()).toEqual(Object.keys(validTalent).sort());
    expect(new Set(Object.values(errors))).toEqual(new Set(['Required']));
  });

  it('refuses an e-mail the browser would refuse, and options not offered', () => {
    expect(errorsOf(talentShowForm, { ...validTalent, email: 'asha@' })).toEqual({ email: 'Invalid email format' });
    expect(errorsOf(talentShowForm, { ...validTalent, category: 'Battle of Poets' })).toEqual({ category: 'Required' });
  });

  it('maps to the spec keys with trimmed values (DemoLink and PhotoLink)', () => {
    expect(talentShowForm.toPayload(validTalent, TS)).toEqual({
      FullName: 'Asha Rao',
      ContactNumber: '+91 9876543210',
      StageName: 'Asha',
      Email: 'asha@example.com',
      Category: 'Battle of Bands',
      PerformanceType: 'Band/Group',
      DemoLink: 'https://drive.google.com/a',
      PhotoLink: 'https://drive.google.com/b',
      Bio: 'We play rock.',
      Signature: 'Asha Rao',
      Timestamp: TS,
    });
  });
});

describe('query', () => {
  it('has the messages of the spec for each rule', () => {
    expect(errorsOf(queryForm, { ...validQuery, name: 'x'.repeat(51) })).toEqual({
      name: 'Name should not exceed 50 characters',
    });
    expect(errorsOf(queryForm, { ...validQuery, name: 'x'.repeat(50) })).toEqual({});
    expect(errorsOf(queryForm, { ...validQuery, email: 'ravi@' })).toEqual({ email: 'Invalid email format' });
    expect(errorsOf(queryForm, { ...validQuery, query: '123456789' })).toEqual({
      query: 'Query should be at least 10 characters',
    });
    expect(errorsOf(queryForm, { ...validQuery, query: 'q'.repeat(501) })).toEqual({
      query: 'Query should not exceed 500 characters',
    });
    expect(errorsOf(queryForm, { ...validQuery, query: 'q'.repeat(500) })).toEqual({});
  });

  it('checks and sends the text without markup', () => {
    expect(errorsOf(queryForm, { ...validQuery, query: '<b><i>short</i></b>' })).toEqual({
      query: 'Query should be at least 10 characters',
    });
    expect(
      queryForm.toPayload({ name: ' <b>Ravi</b> ', email: 'ravi@example.com ', query: '<p>Hello there, team</p>' }, TS),
    ).toEqual({
      Name: 'Ravi',
      Email: 'ravi@example.com',
      Query: 'Hello there, team',
      Timestamp: TS,
    });
  });
});

describe('service request', () => {
  it('has the messages of the spec for each rule', () => {
    expect(errorsOf(serviceRequestForm, { ...validService, name: 'R' })).toEqual({
      name: 'Name must be at least 2 characters',
    });
    expect(errorsOf(serviceRequestForm, { ...validService, email: 'x@' })).toEqual({ email: 'Invalid email format' });
    expect(errorsOf(serviceRequestForm, { ...validService, phone: '98765' })).toEqual({
      phone: 'Phone number must be exactly 10 digits',
    });
  });

  it('maps to the spec keys; Social stays optional and empty', () => {
    expect(serviceRequestForm.toPayload({ ...validService, name: ' Ravi ' }, TS)).toEqual({
      Name: 'Ravi',
      Email: 'ravi@example.com',
      Phone: '9876543210',
      Social: '',
      ProjectType: 'Pro Audio Mixing',
      Platform: 'Spotify',
      Mood: 'Upbeat',
      ReferenceLinks: 'https://example.com/song',
      AdditionalInfo: 'Four tracks.',
      HeardFrom: 'Instagram',
      Timestamp: TS,
    });
  });
});

describe('certification', () => {
  it('has the messages of the spec for each rule', () => {
    const v = validCertification;
    expect(errorsOf(certificationForm, { ...v, fullName: 'M' })).toEqual({
      fullName: 'Full name must be at least 2 characters',
    });
    expect(errorsOf(certificationForm, { ...v, fullName: 'Meera 2' })).toEqual({
      fullName: 'Full name should contain only letters and spaces',
    });
    expect(errorsOf(certificationForm, { ...v, phone: '12345' })).toEqual({
      phone: 'Phone number must be exactly 10 digits',
    });
    expect(errorsOf(certificationForm, { ...v, otherDaw: ' ' })).toEqual({ otherDaw: 'Specify the other DAW' });
    expect(errorsOf(certificationForm, { ...v, daw: ['Logic Pro'], otherDaw: '' })).toEqual({});
    expect(errorsOf(certificationForm, { ...v, email: 'meera' })).toEqual({ email: 'Invalid email format' });
  });

  it('joins courses and DAWs, and sends OtherDAW only when Other is ticked', () => {
    expect(certificationForm.toPayload(validCertification, TS)).toEqual({ Timestamp: TS, ...certificationPayload });
    expect(certificationForm.toPayload({ ...validCertification, daw: ['Logic Pro'] }, TS).OtherDAW).toBe('');
  });

  it('the inbox refuses a payload whose lists hold unknown courses or miss OtherDAW', () => {
    const payload = certificationForm.toPayload(validCertification, TS);
    expect(checkPayload(certificationForm, { ...payload, Courses: 'Guitar' })).toEqual({
      ok: false,
      errors: { Courses: 'Please select at least one course' },
    });
    expect(checkPayload(certificationForm, { ...payload, OtherDAW: '' })).toEqual({
      ok: false,
      errors: { OtherDAW: 'Specify the other DAW' },
    });
  });
});

describe('diploma', () => {
  it('has the messages of the spec for each rule', () => {
    expect(errorsOf(diplomaForm, { ...validDiploma, name: 'Karan 2' })).toEqual({
      name: 'Name cannot contain numbers',
    });
    expect(errorsOf(diplomaForm, { ...validDiploma, email: 'karan@' })).toEqual({ email: 'Email is not valid' });
    expect(errorsOf(diplomaForm, { ...validDiploma, phone: '123' })).toEqual({
      phone: 'Phone number must be 10 digits',
    });
    expect(errorsOf(diplomaForm, { ...validDiploma, courses: ['Basic Music Production'] })).toEqual({
      courses: 'Select at least one course',
    });
  });

  it('maps to the spec keys', () => {
    expect(
      diplomaForm.toPayload(
        { ...validDiploma, courses: ['Diploma in Sound Designing', 'Diploma in Music Production'] },
        TS,
      ),
    ).toEqual({
      Name: 'Karan',
      Email: 'karan@example.com',
      Phone: '9876543210',
      Courses: 'Diploma in Sound Designing, Diploma in Music Production',
      Mode: 'Offline',
      Goals: '',
      Experience: '',
      Timestamp: TS,
    });
  });
});

describe('masterclass', () => {
  it('defaults to Beginner, and has the messages of the spec for each rule', () => {
    expect(masterclassForm.initialValues.level).toBe('Beginner');
    const v = validMasterclass;
    expect(errorsOf(masterclassForm, { ...v, name: 'Neha 1' })).toEqual({ name: 'Name cannot contain numbers' });
    expect(errorsOf(masterclassForm, { ...v, email: 'neha@example' })).toEqual({ email: 'Valid email required' });
    expect(errorsOf(masterclassForm, { ...v, email: 'ne ha@example.in' })).toEqual({ email: 'Valid email required' });
    expect(errorsOf(masterclassForm, { ...v, phone: '98765432101' })).toEqual({
      phone: 'Enter a valid 10-digit phone number',
    });
    expect(errorsOf(masterclassForm, { ...v, city: 'Pune 411' })).toEqual({ city: 'City name cannot contain numbers' });
  });

  it('sends the spec keys with the fixed schedule, never the terms box, and keeps it out of the draft', () => {
    expect(masterclassForm.toPayload({ ...validMasterclass, level: 'Advanced' }, TS)).toEqual({
      name: 'Neha',
      email: 'neha@example.in',
      phone: '9876543210',
      city: 'Pune',
      level: 'Advanced',
      schedule: 'Fri 2pm',
    });
    expect(masterclassForm.draftOmit).toEqual(['agreeTerms']);
  });
});

/** The errors of a form's initial (empty) values. */
const emptyErrors =
  <V extends object>(module: FormModule<V>) =>
  () =>
    errorsOf(module, module.initialValues);

describe("the spec's message for each empty field", () => {
  it.each([
    ['query', emptyErrors(queryForm), emptyFieldMessages.query],
    ['service request', emptyErrors(serviceRequestForm), emptyFieldMessages['service-request']],
    ['certification', emptyErrors(certificationForm), emptyFieldMessages.certification],
    ['diploma', emptyErrors(diplomaForm), emptyFieldMessages.diploma],
    ['masterclass', emptyErrors(masterclassForm), emptyFieldMessages.masterclass],
  ])('%s', (_form, errors, expected) => expect(errors()).toEqual(expected));
});

describe('outcome messages of the spec', () => {
  it.each([
    [
      'talent show',
      talentShowForm.messages,
      {
        busy: 'Submitting...',
        success: 'Form submitted successfully!',
        failed: 'Submission failed. Try again later.',
        networkError: 'Submission error. Try again later.',
      },
    ],
    [
      'query',
      queryForm.messages,
      {
        busy: 'Sending...',
        success: 'Query submitted successfully!',
        failed: 'Submission failed. Please try again.',
        networkError: 'An error occurred. Try again later.',
      },
    ],
    ['service request', serviceRequestForm.messages, { failed: 'Submission error. Try again later.' }],
    [
      'certification',
      certificationForm.messages,
      { success: 'Registration submitted successfully!', failed: 'An error occurred. Please try again later.' },
    ],
    ['masterclass', masterclassForm.messages, { submit: 'Confirm My Seat', busy: 'Confirming...' }],
  ])('%s', (_form, messages, expected) => expect(messages).toMatchObject(expected));
});
