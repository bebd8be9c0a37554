/** The institute's courses: the overview block, certification levels, diplomas and instruments. */
import type { NavLink } from './navigation';

export interface CourseCard {
  id: string;
  number: string;
  title: string;
  image: { src: string; width: number; height: number; alt: string };
  description: string;
  link1: NavLink;
  link2: NavLink;
}

export const coursesOverview = {
  title: 'The Courses We Offer',
  tagline: 'tailored to bring the best out of you!!',
  cards: [
    {
      id: 'music-production',
      number: '01',
      title: 'Music Production Courses',
      image: {
        src: '/media/courses/music-production.webp',
        width: 600,
        height: 400,
        alt: 'Mixing console in the production classroom',
      },
      description: 'Produce, record, mix and master your own tracks, from your first beat to a release-ready song.',
      link1: { label: 'Certification Courses', href: '/institute/certification-courses' },
      link2: { label: 'Diploma Courses', href: '/institute/diploma-courses' },
    },
    {
      id: 'instrument',
      number: '02',
      title: 'Instrument Courses',
      image: {
        src: '/media/courses/instrument.webp',
        width: 600,
        height: 400,
        alt: 'A sound wave over a warm gradient',
      },
      description:
        'Guitar, drums and piano, taught with the same studio-first approach: play, record and hear yourself grow.',
      link1: { label: 'Certification Courses', href: '/institute/instrument-certificate' },
      link2: { label: 'Diploma Courses', href: '/upcoming' },
    },
  ] satisfies CourseCard[],
} as const;

export interface Faq {
  question: string;
  answer: string;
}

export interface CourseLevel {
  id: string;
  name: string;
  summary: string;
  faqs: readonly Faq[];
  /** The registration form's option for this course: its Enroll Now link ticks it (`?course=`). */
  formCourse?: string;
}

/** The four answers the spec gives for every certification level. */
const certificationFaqs = (level: string): Faq[] => [
  {
    question: `How long is the ${level} course?`,
    answer:
      'The course runs for 8-12 weeks, depending on the batch and how quickly the group moves through the projects.',
  },
  {
    question: 'How long is each class?',
    answer: 'Each class lasts 2-3 hours, with time for hands-on practice on the material of the day.',
  },
  {
    question: 'Are classes online or offline?',
    answer: 'Both: join us in the studio (offline) or live online, whichever suits you.',
  },
  {
    question: 'Do I get a certificate?',
    answer: 'Yes. You receive a certificate from the institute when you complete the course.',
  },
];

export const certificationCopy = {
  eyebrow: 'Music production',
  heading: 'Professional Certification Courses',
  lead: 'Four levels, one path: start where you are, and leave each level with finished work and a certificate.',
  enroll: { label: 'Enroll Now', href: '/institute/Music-course-form' },
} as const;

export const certificationLevels: readonly CourseLevel[] = [
  {
    id: 'basic',
    formCourse: 'Basic Music Production',
    name: 'Basic',
    summary: 'Your first steps in a DAW: beats, recording your voice or instrument, and a simple mix.',
    faqs: certificationFaqs('Basic'),
  },
  {
    id: 'intermediate',
    formCourse: 'Intermediate Music Production',
    name: 'Intermediate',
    summary: 'Arrangement, sound selection, synths and sampling, and mixes that translate to every speaker.',
    faqs: certificationFaqs('Intermediate'),
  },
  {
    id: 'advance',
    formCourse: 'Advanced Music Production',
    name: 'Advance',
    summary: 'Full productions across genres, vocal production, advanced mixing and an introduction to mastering.',
    faqs: certificationFaqs('Advance'),
  },
  {
    id: 'pro',
    formCourse: 'Professional Music Production',
    name: 'Pro',
    summary: 'Work like a professional: client briefs, release-ready masters, a portfolio and how to find work.',
    faqs: certificationFaqs('Pro'),
  },
];

export const diplomaCopy = {
  eyebrow: 'Diplomas',
  heading: 'Professional Diploma Courses',
  lead: 'In-depth programmes for a career in music: more projects, more studio hours and mentoring from working professionals.',
  enroll: { label: 'Enroll Now', href: '/institute/diploma-course-form' },
} as const;

const diplomaFormat: Faq = {
  question: 'How are classes held?',
  answer:
    'In the studio and live online, in small batches, so every student gets time on the equipment and with the mentor. The schedule for the next batch is shared when you register.',
};

export const diplomas: readonly CourseLevel[] = [
  {
    id: 'music-production',
    formCourse: 'Diploma in Music Production',
    name: 'Diploma in Music Production',
    summary: 'The complete producer’s path, from composition and sound design to mixing and release.',
    faqs: [
      {
        question: 'Who is this diploma for?',
        answer:
          'Aspiring producers who want to make music their profession, whether you start from scratch or already make beats at home.',
      },
      {
        question: 'What will I learn?',
        answer:
          'Composition and arrangement, recording, synthesis and sampling, mixing, an introduction to mastering, and how to deliver to clients and labels.',
      },
      diplomaFormat,
      {
        question: 'What do I get at the end?',
        answer: 'A diploma from the institute and a portfolio of finished tracks produced during the course.',
      },
    ],
  },
  {
    id: 'audio-engineering',
    name: 'Diploma in Audio Engineering',
    summary: 'Microphones, signal flow, recording sessions and the engineer’s craft in a real studio.',
    faqs: [
      {
        question: 'Who is this diploma for?',
        answer:
          'Anyone who wants to run recording sessions: future studio engineers, live sound engineers and musicians who record themselves.',
      },
      {
        question: 'What will I learn?',
        answer:
          'Acoustics, microphones and placement, signal flow, consoles and DAWs, tracking bands and vocals, editing and mixing.',
      },
      diplomaFormat,
      {
        question: 'What do I get at the end?',
        answer:
          'A diploma from the institute and sessions you recorded and mixed yourself, ready to show studios and clients.',
      },
    ],
  },
  {
    id: 'mixing-mastering',
    name: 'Diploma in Mixing and Mastering',
    summary: 'Balance, depth and loudness: mixes and masters that hold up on streaming platforms.',
    faqs: [
      {
        question: 'Who is this diploma for?',
        answer:
          'Producers and engineers who can already record and want their mixes and masters to compete with commercial releases.',
      },
      {
        question: 'What will I learn?',
        answer:
          'Gain staging, EQ, compression, space and effects, automation, mix referencing, and mastering for streaming, video and vinyl-style releases.',
      },
      diplomaFormat,
      {
        question: 'What do I get at the end?',
        answer: 'A diploma from the institute and before-and-after mixes and masters you can play to clients.',
      },
    ],
  },
  {
    id: 'sound-design',
    name: 'Diploma in Sound Design',
    summary: 'Sound for film, games and advertising: Foley, effects, synthesis and mixing to picture.',
    faqs: [
      {
        question: 'Who is this diploma for?',
        answer:
          'Creators who want to work on films, games, ads and content, and producers who want to build their own sounds.',
      },
      {
        question: 'What will I learn?',
        answer:
          'Foley and field recording, synthesis, designing effects and atmospheres, dialogue editing and mixing to picture.',
      },
      diplomaFormat,
      {
        question: 'What do I get at the end?',
        answer: 'A diploma from the institute and a showreel of scenes you designed and mixed.',
      },
    ],
  },
  {
    id: 'music-business',
    name: 'Diploma in Music Business and Artist Management',
    summary: 'Releases, rights, promotion, bookings and managing an artist’s career.',
    faqs: [
      {
        question: 'Who is this diploma for?',
        answer:
          'Independent artists managing their own careers, and people who want to work in artist management, labels or events.',
      },
      {
        question: 'What will I learn?',
        answer:
          'How distribution and royalties work, copyright basics, release planning, social media and PR, bookings, contracts and tour planning.',
      },
      diplomaFormat,
      {
        question: 'What do I get at the end?',
        answer: 'A diploma from the institute and a complete release and promotion plan for a real artist.',
      },
    ],
  },
];

export interface InstrumentCourse {
  id: string;
  name: string;
  description: string;
  image: { src: string; width: number; height: number };
}

export const instrumentCopy = {
  eyebrow: 'Instruments',
  heading: 'Instrument Courses',
  lead: 'Learn to play, then learn to record what you play. Our instrument courses are being prepared.',
  comingSoon: { label: 'Coming Soon', href: '/upcoming' },
} as const;

export const instruments: readonly InstrumentCourse[] = [
  {
    id: 'guitar',
    name: 'Guitar',
    description: 'Chords, rhythm and lead playing, for acoustic and electric guitar.',
    image: { src: '/media/instruments/guitar.svg', width: 320, height: 220 },
  },
  {
    id: 'drums',
    name: 'Drums',
    description: 'Grooves, fills and timing, on acoustic kits and electronic pads.',
    image: { src: '/media/instruments/drums.svg', width: 320, height: 220 },
  },
  {
    id: 'piano',
    name: 'Piano',
    description: 'Scales, chords and playing songs, on piano and keyboard.',
    image: { src: '/media/instruments/piano.svg', width: 320, height: 220 },
  },
];

/**
 * How the courses run, for search engines (Google's course list): in the studio and live online
 * (the FAQ above). Workload as an ISO 8601 duration: certification levels run 8-12 weeks (the
 * shortest is given); diplomas are taken as six months, to be confirmed by the institute.
 */
export const courseFormats = {
  certification: { courseMode: ['Online', 'Onsite'], courseWorkload: 'P8W' },
  diploma: { courseMode: ['Online', 'Onsite'], courseWorkload: 'P6M' },
} as const;
