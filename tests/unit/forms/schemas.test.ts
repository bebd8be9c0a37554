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

  it('the registry holds every form', () => {
    expect(Object.keys(inboxForms).sort()).toEqual([...inboxFormNames].sort());
  });

  /** A form's payload of its valid values with `change`: what the service answers. */
  const checkedWith =
    <V extends object>(module: FormModule<V>, values: V) =>
    (change: Record<string, unknown>) =>
      checkPayload(module, { ...module.toPayload(values, TS), ...change });
  const query = checkedWith(queryForm, validQuery);
  const certification = checkedWith(certificationForm, validCertification);

  it.each([
    ['an unknown key', query({ Extra: 'x' }), { Extra: 'Unknown field' }],
    ['no Timestamp', query({ Timestamp: '' }), { Timestamp: 'Timestamp is required' }],
    [
      'a Timestamp that is no date',
      query({ Timestamp: '31/02/2025, 1:00:00 pm' }),
      { Timestamp: 'Timestamp must be a date and time' },
    ],
    [
      'a list with an unknown course',
      certification({ Courses: 'Guitar' }),
      { Courses: 'Please select at least one course' },
    ],
    ['Other without OtherDAW', certification({ OtherDAW: '' }), { OtherDAW: 'Specify the other DAW' }],
  ])('the service refuses %s', (_what, answer, errors) => expect(answer).toEqual({ ok: false, errors }));

  it('the service takes an ISO date-time Timestamp', () => {
    expect(query({ Timestamp: '2025-07-01T14:05:09Z' }).ok).toBe(true);
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
});

describe('each form sends the spec keys', () => {
  it.each([
    [
      'talent show, with trimmed values (DemoLink and PhotoLink)',
      () => talentShowForm.toPayload(validTalent, TS),
      {
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
      },
    ],
    [
      'query, with the text without markup',
      () =>
        queryForm.toPayload(
          { name: ' <b>Ravi</b> ', email: 'ravi@example.com ', query: '<p>Hello there, team</p>' },
          TS,
        ),
      { Name: 'Ravi', Email: 'ravi@example.com', Query: 'Hello there, team', Timestamp: TS },
    ],
    [
      'service request; Social stays optional and empty',
      () => serviceRequestForm.toPayload({ ...validService, name: ' Ravi ' }, TS),
      {
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
      },
    ],
    [
      'certification, with the courses and the DAWs joined',
      () => certificationForm.toPayload(validCertification, TS),
      { Timestamp: TS, ...certificationPayload },
    ],
    [
      'diploma',
      () =>
        diplomaForm.toPayload(
          { ...validDiploma, courses: ['Diploma in Sound Designing', 'Diploma in Music Production'] },
          TS,
        ),
      {
        Name: 'Karan',
        Email: 'karan@example.com',
        Phone: '9876543210',
        Courses: 'Diploma in Sound Designing, Diploma in Music Production',
        Mode: 'Offline',
        Goals: '',
        Experience: '',
        Timestamp: TS,
      },
    ],
    [
      'masterclass, with the fixed schedule and never the terms box',
      () => masterclassForm.toPayload({ ...validMasterclass, level: 'Advanced' }, TS),
      {
        name: 'Neha',
        email: 'neha@example.in',
        phone: '9876543210',
        city: 'Pune',
        level: 'Advanced',
        schedule: 'Fri 2pm',
      },
    ],
  ])('%s', (_form, payload, expected) => expect(payload()).toEqual(expected));
});

describe('certification', () => {
  it('sends OtherDAW only when Other is ticked', () => {
    expect(certificationForm.toPayload({ ...validCertification, daw: ['Logic Pro'] }, TS).OtherDAW).toBe('');
  });
});

describe('masterclass', () => {
  it('defaults to Beginner', () => {
    expect(masterclassForm.initialValues.level).toBe('Beginner');
  });

  it('keeps the terms box out of the draft', () => {
    expect(masterclassForm.draftOmit).toEqual(['agreeTerms']);
  });
});

/** A form's valid values with `change`: the errors the spec gives for it ({} when they are still valid). */
const rulesOf =
  <V extends object>(module: FormModule<V>, values: V) =>
  (change: Partial<V>, errors: Partial<Record<keyof V, string>>) =>
    [module.name, JSON.stringify(change), () => errorsOf(module, { ...values, ...change }), errors] as const;

describe("the spec's message for each rule", () => {
  const talentShow = rulesOf(talentShowForm, validTalent);
  const query = rulesOf(queryForm, validQuery);
  const service = rulesOf(serviceRequestForm, validService);
  const certification = rulesOf(certificationForm, validCertification);
  const diploma = rulesOf(diplomaForm, validDiploma);
  const masterclass = rulesOf(masterclassForm, validMasterclass);
  it.each([
    talentShow({ email: 'asha@' }, { email: 'Invalid email format' }),
    talentShow({ category: 'Battle of Poets' }, { category: 'Required' }),
    query({ name: 'x'.repeat(51) }, { name: 'Name should not exceed 50 characters' }),
    query({ name: 'x'.repeat(50) }, {}),
    query({ email: 'ravi@' }, { email: 'Invalid email format' }),
    query({ query: '123456789' }, { query: 'Query should be at least 10 characters' }),
    query({ query: '<b><i>short</i></b>' }, { query: 'Query should be at least 10 characters' }),
    query({ query: 'q'.repeat(501) }, { query: 'Query should not exceed 500 characters' }),
    query({ query: 'q'.repeat(500) }, {}),
    service({ name: 'R' }, { name: 'Name must be at least 2 characters' }),
    service({ email: 'x@' }, { email: 'Invalid email format' }),
    service({ phone: '98765' }, { phone: 'Phone number must be exactly 10 digits' }),
    certification({ fullName: 'M' }, { fullName: 'Full name must be at least 2 characters' }),
    certification({ fullName: 'Meera 2' }, { fullName: 'Full name should contain only letters and spaces' }),
    certification({ phone: '12345' }, { phone: 'Phone number must be exactly 10 digits' }),
    certification({ otherDaw: ' ' }, { otherDaw: 'Specify the other DAW' }),
    certification({ daw: ['Logic Pro'], otherDaw: '' }, {}),
    certification({ email: 'meera' }, { email: 'Invalid email format' }),
    diploma({ name: 'Karan 2' }, { name: 'Name cannot contain numbers' }),
    diploma({ email: 'karan@' }, { email: 'Email is not valid' }),
    diploma({ phone: '123' }, { phone: 'Phone number must be 10 digits' }),
    diploma({ courses: ['Basic Music Production'] }, { courses: 'Select at least one course' }),
    masterclass({ name: 'Neha 1' }, { name: 'Name cannot contain numbers' }),
    masterclass({ email: 'neha@example' }, { email: 'Valid email required' }),
    masterclass({ email: 'ne ha@example.in' }, { email: 'Valid email required' }),
    masterclass({ phone: '98765432101' }, { phone: 'Enter a valid 10-digit phone number' }),
    masterclass({ city: 'Pune 411' }, { city: 'City name cannot contain numbers' }),
  ])('%s %s', (_form, _change, errors, expected) => expect(errors()).toEqual(expected));
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
