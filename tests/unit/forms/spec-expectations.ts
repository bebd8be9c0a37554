/**
 * What the spec says the course and contact forms show and send, shared by the declaration tests
 * (jest) and the browser tests (Playwright): it imports nothing, so both runners load it.
 */

/** The spec's message for each required field left empty, in the form's order. */
export const emptyFieldMessages = {
  query: { name: 'Name is required', email: 'Email is required', query: 'Query is required' },
  'service-request': {
    name: 'Name is required',
    email: 'Email is required',
    phone: 'Phone number is required',
    projectType: 'Please select a project type',
    platform: 'Platform is required',
    mood: 'Mood is required',
    referenceLinks: 'Reference links are required',
    additionalInfo: 'Additional info is required',
    heardFrom: 'This field is required',
  },
  certification: {
    fullName: 'Full name is required',
    email: 'Email is required',
    courses: 'Please select at least one course',
    mode: 'Select a learning mode',
    daw: 'Select at least one DAW',
    goals: 'Goals are required',
    hearAboutUs: 'Please tell us how you heard about us',
  },
  diploma: {
    name: 'Name is required',
    email: 'Email is required',
    phone: 'Phone number is required',
    courses: 'Select at least one course',
    mode: 'Select learning mode',
  },
  masterclass: {
    name: 'Name is required',
    email: 'Valid email required',
    phone: 'Enter a valid 10-digit phone number',
    city: 'City is required',
    agreeTerms: 'Tick the box to agree to the masterclass terms.',
  },
} as const;

/**
 * The certification payload, but for its Timestamp, of a registration with two courses and the DAWs
 * Ableton Live and Other (FL Studio): validCertification in fixtures.ts, as the browser test fills it in.
 */
export const certificationPayload = {
  Name: 'Meera Iyer',
  Email: 'meera@example.com',
  Phone: '',
  Courses: 'Basic Music Production, Diploma in Music Production, Sound Designing & Music Business',
  Mode: 'Online',
  DAW: 'Ableton Live, Other',
  OtherDAW: 'FL Studio',
  Goals: 'Produce my EP',
  Experience: '',
  FinalNotes: '',
  HearAboutUs: 'A friend',
} as const;
