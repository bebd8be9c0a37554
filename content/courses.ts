/** The institute's courses: the overview block, certification levels, diplomas and instruments. */
import type { NavLink } from './navigation';
import type { DiplomaName } from '@/content/course-names';

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

/** The opening of a course page and where its Enroll Now buttons lead. */
export interface CourseCopy {
  eyebrow: string;
  heading: string;
  lead: string;
  enroll: NavLink;
}

const courseCopy = (eyebrow: string, heading: string, lead: string, formHref: string): CourseCopy => ({
  eyebrow,
  heading,
  lead,
  enroll: { label: 'Enroll Now', href: formHref },
});

export const certificationCopy = courseCopy(
  'Music production',
  'Professional Certification Courses',
  'Four levels, one path: start where you are, and leave each level with finished work and a certificate.',
  '/institute/Music-course-form',
);

/** A certification level: its FAQ is the spec's four answers with the level's name. */
const level = (id: string, name: string, formCourse: string, summary: string): CourseLevel => ({
  id,
  formCourse,
  name,
  summary,
  faqs: certificationFaqs(name),
});

export const certificationLevels: readonly CourseLevel[] = [
  level(
    'basic',
    'Basic',
    'Basic Music Production',
    'Your first steps in a DAW: beats, recording your voice or instrument, and a simple mix.',
  ),
  level(
    'intermediate',
    'Intermediate',
    'Intermediate Music Production',
    'Arrangement, sound selection, synths and sampling, and mixes that translate to every speaker.',
  ),
  level(
    'advance',
    'Advance',
    'Advanced Music Production',
    'Full productions across genres, vocal production, advanced mixing and an introduction to mastering.',
  ),
  level(
    'pro',
    'Pro',
    'Professional Music Production',
    'Work like a professional: client briefs, release-ready masters, a portfolio and how to find work.',
  ),
];

export const diplomaCopy = courseCopy(
  'Diplomas',
  'Professional Diploma Courses',
  'In-depth programmes for a career in music: more projects, more studio hours and mentoring from working professionals.',
  '/institute/diploma-course-form',
);

const diplomaFormat: Faq = {
  question: 'How are classes held?',
  answer:
    'In the studio and live online, in small batches, so every student gets time on the equipment and with the mentor. The schedule for the next batch is shared when you register.',
};

const diploma = (
  id: string,
  name: DiplomaName,
  summary: string,
  who: string,
  learn: string,
  end: string,
): CourseLevel => ({
  id,
  formCourse: name,
  name,
  summary,
  faqs: [
    { question: 'Who is this diploma for?', answer: who },
    { question: 'What will I learn?', answer: learn },
    diplomaFormat,
    { question: 'What do I get at the end?', answer: end },
  ],
});

export const diplomas: readonly CourseLevel[] = [
  diploma(
    'music-production',
    'Diploma in Music Production',
    'The complete producer’s path, from composition and sound design to mixing and release.',
    'Aspiring producers who want to make music their profession, whether you start from scratch or already make beats at home.',
    'Composition and arrangement, recording, synthesis and sampling, mixing, an introduction to mastering, and how to deliver to clients and labels.',
    'A diploma from the institute and a portfolio of finished tracks produced during the course.',
  ),
  diploma(
    'sound-designing',
    'Diploma in Sound Designing',
    'Sound for film, games and advertising: Foley, effects, synthesis and mixing to picture.',
    'Creators who want to work on films, games, ads and content, and producers who want to build their own sounds.',
    'Foley and field recording, synthesis, designing effects and atmospheres, dialogue editing and mixing to picture.',
    'A diploma from the institute and a showreel of scenes you designed and mixed.',
  ),
  diploma(
    'production-business',
    'Diploma in Music Production & Music Business',
    'Make the music and run the career: production together with releases, rights, promotion and management.',
    'Independent artists and producers who release their own music, and people who want to work with labels or manage artists.',
    'The producer’s craft from arrangement to mix, then distribution and royalties, copyright basics, release planning, social media, PR and bookings.',
    'A diploma from the institute, finished tracks and a complete release and promotion plan for a real artist.',
  ),
  diploma(
    'production-sound-design',
    'Diploma in Music Production & Sound Designing',
    'Songs and soundscapes: production for records together with sound for film, games and ads.',
    'Producers who want to work across music and media, and creators who want to write the score and design the sound.',
    'Composition, recording and mixing, then synthesis, Foley, effects design and mixing to picture.',
    'A diploma from the institute, a portfolio of tracks and a showreel of scenes you scored and designed.',
  ),
  diploma(
    'production-sound-design-business',
    'Diploma in Music Production, Sound Designing & Music Business',
    'The full programme: production, sound design and the business that turns both into a living.',
    'Anyone who wants the whole picture: to make records, design sound for media and build a career around them.',
    'Production from first idea to master, sound design for picture, and the business side: rights, royalties, releases, promotion and contracts.',
    'A diploma from the institute, a portfolio of tracks and scenes, and a release and promotion plan.',
  ),
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

/** An instrument course; every drawing in /media/instruments is 320×220 and named by the course's id. */
const instrument = (id: string, name: string, description: string): InstrumentCourse => ({
  id,
  name,
  description,
  image: { src: `/media/instruments/${id}.svg`, width: 320, height: 220 },
});

export const instruments: readonly InstrumentCourse[] = [
  instrument('guitar', 'Guitar', 'Chords, rhythm and lead playing, for acoustic and electric guitar.'),
  instrument('drums', 'Drums', 'Grooves, fills and timing, on acoustic kits and electronic pads.'),
  instrument('piano', 'Piano', 'Scales, chords and playing songs, on piano and keyboard.'),
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
