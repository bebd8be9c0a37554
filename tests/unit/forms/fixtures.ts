import type { CertificationValues } from '@/lib/forms/certification';
import type { FormModule } from '@/lib/forms/declaration';
import type { DiplomaValues } from '@/lib/forms/diploma';
import type { MasterclassValues } from '@/lib/forms/masterclass';
import { type ProAudioPayload, proAudioForm } from '@/lib/forms/pro-audio/schema';
import type { QueryValues } from '@/lib/forms/query';
import { inboxForms } from '@/lib/forms/registry';
import type { ServiceRequestValues } from '@/lib/forms/service-request';
import type { TalentShowValues } from '@/lib/forms/talent-show';

/** Valid values of every form, shared by the declaration tests and the service's tests. */

export const TS = '1/7/2025, 2:05:09 pm';

export const validTalent: TalentShowValues = {
  fullName: ' Asha Rao ',
  contactNumber: '+91 9876543210',
  stageName: 'Asha',
  email: 'asha@example.com',
  category: 'Battle of Bands',
  performanceType: 'Band/Group',
  demoLink: 'https://drive.google.com/a',
  photoLink: 'https://drive.google.com/b',
  bio: 'We play rock.',
  signature: 'Asha Rao',
};
/** The visitor who sends a query and requests a service. */
const ravi = { name: 'Ravi', email: 'ravi@example.com' };
export const validQuery: QueryValues = { ...ravi, query: 'When does the next batch start?' };
export const validService: ServiceRequestValues = {
  ...ravi,
  phone: '9876543210',
  social: '',
  projectType: 'Pro Audio Mixing',
  platform: 'Spotify',
  mood: 'Upbeat',
  referenceLinks: 'https://example.com/song',
  additionalInfo: 'Four tracks.',
  heardFrom: 'Instagram',
};
export const validCertification: CertificationValues = {
  fullName: 'Meera Iyer',
  email: 'meera@example.com',
  phone: '',
  courses: ['Basic Music Production', 'Diploma in Music Production, Sound Designing & Music Business'],
  mode: 'Online',
  daw: ['Ableton Live', 'Other'],
  otherDaw: 'FL Studio',
  goals: 'Produce my EP',
  experience: '',
  finalNotes: '',
  hearAboutUs: 'A friend',
};
export const validDiploma: DiplomaValues = {
  name: 'Karan',
  email: 'karan@example.com',
  phone: '9876543210',
  courses: ['Diploma in Sound Designing'],
  mode: 'Offline',
  goals: '',
  experience: '',
};
export const validMasterclass: MasterclassValues = {
  name: 'Neha',
  email: 'neha@example.in',
  phone: '9876543210',
  city: 'Pune',
  level: 'Beginner',
  agreeTerms: true,
};

const validProAudio: ProAudioPayload = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  availability: ['Weekdays'],
  additionalServices: ['Mixing'],
  budget: '20000',
  message: 'Two songs.',
};

/** Every form the service stores (the inbox forms and the pro-audio booking) with its valid values. */
export const validSubmissions: ReadonlyArray<{ form: FormModule<object>; values: object }> = [
  { form: inboxForms['talent-show'], values: validTalent },
  { form: inboxForms.query, values: validQuery },
  { form: inboxForms['service-request'], values: validService },
  { form: inboxForms.certification, values: validCertification },
  { form: inboxForms.diploma, values: validDiploma },
  { form: inboxForms.masterclass, values: validMasterclass },
  { form: proAudioForm as FormModule<object>, values: validProAudio },
];
