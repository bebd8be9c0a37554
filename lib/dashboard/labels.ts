/**
 * The human label of a payload key, as the form shows it to the visitor (components/forms/*,
 * components/pro-audio). One place until the form declarations carry their labels: then this
 * becomes a lookup in them.
 */
const labels: Record<string, string> = {
  // several forms
  Name: 'Name',
  name: 'Name',
  Email: 'Email',
  email: 'Email',
  Phone: 'Phone',
  phone: 'Phone',
  Timestamp: 'Sent at (browser)',
  // pro audio
  fullName: 'Full name',
  projectType: 'Project type',
  availability: 'Availability',
  additionalServices: 'Additional services',
  budget: 'Budget',
  message: 'Message',
  // masterclass
  city: 'City',
  level: 'Your level',
  schedule: 'Schedule',
  // query
  Query: 'Your query',
  // service request
  Social: 'Social media handle or link',
  ProjectType: 'Project type',
  Platform: 'Platform',
  Mood: 'Mood',
  ReferenceLinks: 'Reference links',
  AdditionalInfo: 'Additional info',
  HeardFrom: 'How did you hear about us?',
  // talent show
  FullName: 'Full name',
  ContactNumber: 'Contact number',
  StageName: 'Stage name',
  Category: 'Category',
  PerformanceType: 'Performance type',
  DemoLink: 'Demo link',
  PhotoLink: 'Photo or logo link',
  Bio: 'Bio',
  Signature: 'Signature',
  // certification and diploma
  Courses: 'Courses',
  Mode: 'Mode',
  DAW: 'DAW',
  OtherDAW: 'Other DAW',
  Goals: 'Your goals',
  Experience: 'Your music experience',
  FinalNotes: 'Anything else',
  HearAboutUs: 'How did you hear about us?',
};

/** The column label of `key` in `form`'s table: the form's own label, else the key spaced out. */
export function columnLabel(_form: string, key: string): string {
  return labels[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}
