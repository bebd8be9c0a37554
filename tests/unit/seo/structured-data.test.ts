import { certificationLevels, courseFormats, diplomas } from '@/content/courses';
import { prices } from '@/content/prices';
import { studioDefaults } from '@/content/studio';
import { type Session, talentShow } from '@/lib/calendar';
import { parseEnv } from '@/lib/env';
import { indiaLabel, indiaTimeToMs } from '@/lib/india-time';
import { getStudio } from '@/lib/studio';
import {
  courseListJsonLd,
  masterclassEventJsonLd,
  organizationJsonLd,
  serializeJsonLd,
  talentShowEventJsonLd,
} from '@/lib/structured-data';
import { completeIdentity } from '../launch/identity';
import { jsonLdProblems } from './json-ld-rules';

/** `value`, once it is checked to have none of the problems Google's rules report. */
function valid<T>(value: T): T {
  expect(jsonLdProblems(value)).toEqual([]);
  return value;
}

const siteUrl = 'https://one11studios.in';
const studio = getStudio(parseEnv(completeIdentity));
const startMs = indiaTimeToMs('2027-01-08 14:00');
const session: Session = { startMs, endMs: startMs + 7_200_000, label: indiaLabel(startMs) };

describe('Event JSON-LD', () => {
  it('describes a masterclass session as an online event with its dates in India time and an INR offer', () => {
    const event = masterclassEventJsonLd({
      session,
      name: 'Masterclass: Make Your First Track Release-Ready',
      description: 'A 2-hour live online masterclass.',
      url: `${siteUrl}/masterclass`,
      pricePaise: prices.masterclass,
      studio,
      siteUrl,
    });
    expect(valid(event)).toMatchObject({
      startDate: '2027-01-08T14:00:00+05:30',
      endDate: '2027-01-08T16:00:00+05:30',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: `${siteUrl}/masterclass` },
      offers: { price: '99.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
      organizer: { name: studio.name, url: `${siteUrl}/` },
    });
  });

  it('describes the talent show at its venue', () => {
    const show = talentShow(
      parseEnv({
        TALENT_SHOW_START: '2027-02-20 18:00',
        TALENT_SHOW_END: '2027-02-20 22:00',
        TALENT_SHOW_VENUE: 'Hall 11',
        TALENT_SHOW_ADDRESS: '11 Hill Road, Bandra West, Mumbai 400050',
      }),
    );
    if (!show) throw new Error('the talent show should be set');
    const event = talentShowEventJsonLd({
      show,
      name: 'One11 Talent Show',
      description: 'Battle of bands, singers, rappers and DJs.',
      url: `${siteUrl}/one11Register`,
      studio,
      siteUrl,
    });
    expect(valid(event)).toMatchObject({
      startDate: '2027-02-20T18:00:00+05:30',
      endDate: '2027-02-20T22:00:00+05:30',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Hall 11', address: '11 Hill Road, Bandra West, Mumbai 400050' },
      offers: { price: '0.00', priceCurrency: 'INR' },
    });
  });

  it('flags an event that lacks what Google asks for', () => {
    const bad = { '@context': 'https://schema.org', '@type': 'Event', name: 'x', startDate: '2027-01-08T14:00:00Z' };
    expect(jsonLdProblems(bad)).toEqual(
      expect.arrayContaining([
        'Event "x": startDate must be ISO 8601 with +05:30',
        'Event "x": eventAttendanceMode missing',
        'Event "x": offers missing',
        'Event "x": organizer must name the studio with its url',
      ]),
    );
  });
});

describe('Course list JSON-LD', () => {
  it.each([
    ['certification', certificationLevels, courseFormats.certification],
    ['diploma', diplomas, courseFormats.diploma],
  ] as const)(
    'lists the %s courses as Google asks: ItemList, own anchors, provider, paid offer, instance',
    (_, courses, format) => {
      const pageUrl = `${siteUrl}/institute/x`;
      const list = courseListJsonLd({ courses, pageUrl, studio, siteUrl, feePaise: prices.courseRegistration, format });
      expect(jsonLdProblems(list)).toEqual([]);
      expect(list.itemListElement).toHaveLength(courses.length);
      expect(list['@type']).toBe('ItemList');
      expect((list.itemListElement as unknown[])[0]).toMatchObject({
        position: 1,
        item: {
          '@type': 'Course',
          url: `${pageUrl}#level-${courses[0]?.id}`,
          offers: { category: 'Paid', price: '999.00', priceCurrency: 'INR' },
          hasCourseInstance: { '@type': 'CourseInstance', courseMode: ['Online', 'Onsite'] },
        },
      });
    },
  );
});

describe('Organization JSON-LD', () => {
  it('has logo and image, and sameAs for real profiles only', () => {
    const org = organizationJsonLd(studio, siteUrl);
    expect(jsonLdProblems(org)).toEqual([]);
    expect(org).toMatchObject({ logo: `${siteUrl}/brand/logo.svg`, image: `${siteUrl}/og/home.png` });
    expect(org.sameAs).toEqual(Object.values(studio.social));
  });

  it('leaves sameAs out while the profiles are the platforms’ home pages', () => {
    const org = organizationJsonLd(studioDefaults, siteUrl);
    expect(org).not.toHaveProperty('sameAs');
    expect(jsonLdProblems(org)).toEqual([]);
    const partial = organizationJsonLd(
      { ...studioDefaults, social: { ...studioDefaults.social, x: 'https://x.com/one11' } },
      siteUrl,
    );
    expect(partial.sameAs).toEqual(['https://x.com/one11']);
  });

  it('is serialized safely inside a script element', () => {
    expect(serializeJsonLd({ name: '</script><script>' })).not.toContain('</script>');
  });
});
