/**
 * The properties Google requires and recommends for each kind of JSON-LD the site ships (Event,
 * Course list, Organization/LocalBusiness). One list of rules for the unit tests (the builders) and
 * the post-build test (every block in out/). Returns one line per missing or wrong property.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const absolute = (v: unknown): boolean => str(v) && /^https?:\/\/[^/]+/.test(v);
const INDIA_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/;

function offerProblems(offer: unknown, where: string, extra: (o: Json) => string[] = () => []): string[] {
  if (!isObject(offer)) return [`${where}: offers missing`];
  const p: string[] = [];
  if (offer['@type'] !== 'Offer') p.push(`${where}: offers @type must be Offer`);
  if (!str(offer.price) || !/^\d+\.\d{2}$/.test(offer.price)) p.push(`${where}: offers.price must be a decimal string`);
  if (offer.priceCurrency !== 'INR') p.push(`${where}: offers.priceCurrency must be INR`);
  if (!str(offer.availability) || !offer.availability.startsWith('https://schema.org/'))
    p.push(`${where}: offers.availability missing`);
  if (!absolute(offer.url)) p.push(`${where}: offers.url must be absolute`);
  return [...p, ...extra(offer)];
}

function orgRefProblems(org: unknown, where: string): string[] {
  return isObject(org) && str(org.name) && absolute(org.url) ? [] : [`${where} must name the studio with its url`];
}

function eventProblems(e: Json): string[] {
  const p: string[] = [];
  const where = `Event "${String(e.name)}"`;
  for (const key of ['name', 'description'] as const) if (!str(e[key])) p.push(`${where}: ${key} missing`);
  for (const key of ['startDate', 'endDate'] as const) {
    if (!str(e[key]) || !INDIA_ISO.test(e[key] as string)) p.push(`${where}: ${key} must be ISO 8601 with +05:30`);
  }
  if (str(e.startDate) && str(e.endDate) && Date.parse(e.endDate) <= Date.parse(e.startDate))
    p.push(`${where}: endDate must be after startDate`);
  if (e.eventStatus !== 'https://schema.org/EventScheduled') p.push(`${where}: eventStatus missing`);
  if (!Array.isArray(e.image) || !e.image.every(absolute)) p.push(`${where}: image must list absolute URLs`);
  const location = e.location;
  if (e.eventAttendanceMode === 'https://schema.org/OnlineEventAttendanceMode') {
    if (!isObject(location) || location['@type'] !== 'VirtualLocation' || !absolute(location.url))
      p.push(`${where}: an online event needs a VirtualLocation with its url`);
  } else if (e.eventAttendanceMode === 'https://schema.org/OfflineEventAttendanceMode') {
    if (!isObject(location) || location['@type'] !== 'Place' || !str(location.name) || !location.address)
      p.push(`${where}: an event at a venue needs a Place with name and address`);
  } else {
    p.push(`${where}: eventAttendanceMode missing`);
  }
  p.push(...offerProblems(e.offers, where));
  p.push(...orgRefProblems(e.organizer, `${where}: organizer`));
  p.push(...orgRefProblems(e.performer, `${where}: performer`));
  return p;
}

function courseListProblems(list: Json): string[] {
  const items = list.itemListElement;
  if (!Array.isArray(items) || items.length === 0) return ['ItemList: itemListElement must list the courses'];
  const p: string[] = [];
  const urls = new Set<string>();
  items.forEach((entry: unknown, index) => {
    const where = `ItemList item ${index + 1}`;
    if (!isObject(entry) || entry['@type'] !== 'ListItem' || entry.position !== index + 1) {
      p.push(`${where}: must be a ListItem with position ${index + 1}`);
      return;
    }
    const course = entry.item;
    if (!isObject(course) || course['@type'] !== 'Course') {
      p.push(`${where}: item must be a Course`);
      return;
    }
    for (const key of ['name', 'description'] as const) if (!str(course[key])) p.push(`${where}: ${key} missing`);
    if (!absolute(course.url) || !String(course.url).includes('#')) p.push(`${where}: url must be the course's anchor`);
    else if (urls.has(String(course.url))) p.push(`${where}: url ${String(course.url)} is shared with another course`);
    urls.add(String(course.url));
    p.push(...orgRefProblems(course.provider, `${where}: provider`));
    p.push(
      ...offerProblems(course.offers, where, (o) =>
        o.category === 'Paid' ? [] : [`${where}: offers.category must be Paid`],
      ),
    );
    const instance = course.hasCourseInstance;
    if (!isObject(instance) || instance['@type'] !== 'CourseInstance') {
      p.push(`${where}: hasCourseInstance missing`);
    } else {
      const modes = instance.courseMode;
      if (
        !Array.isArray(modes) ||
        modes.length === 0 ||
        !modes.every((m) => ['Online', 'Onsite', 'Blended'].includes(m))
      )
        p.push(`${where}: courseMode must be Online, Onsite or Blended`);
      if (
        !str(instance.courseWorkload) ||
        !/^P(?:\d+[YMWD])+(?:T(?:\d+[HMS])+)?$|^PT(?:\d+[HMS])+$/.test(instance.courseWorkload)
      )
        p.push(`${where}: courseWorkload must be an ISO 8601 duration`);
    }
  });
  return p;
}

function organizationProblems(o: Json): string[] {
  const p: string[] = [];
  for (const key of ['name', 'telephone', 'email'] as const) if (!str(o[key])) p.push(`Organization: ${key} missing`);
  for (const key of ['url', 'logo', 'image'] as const)
    if (!absolute(o[key])) p.push(`Organization: ${key} must be absolute`);
  const address = o.address;
  if (
    !isObject(address) ||
    !str(address.streetAddress) ||
    !str(address.addressLocality) ||
    address.addressCountry !== 'IN'
  )
    p.push('Organization: address needs streetAddress, addressLocality and addressCountry IN');
  if ('sameAs' in o) {
    const same = o.sameAs;
    if (!Array.isArray(same) || same.length === 0) p.push('Organization: sameAs, when present, must list profiles');
    else
      for (const url of same)
        if (!absolute(url) || new URL(String(url)).pathname.replace(/\/+$/, '') === '')
          p.push(`Organization: sameAs ${String(url)} is not a profile`);
  }
  return p;
}

/** Problems of one JSON-LD block (an object or an array of objects); empty when it is complete. */
export function jsonLdProblems(block: unknown): string[] {
  if (Array.isArray(block)) return block.flatMap(jsonLdProblems);
  if (!isObject(block)) return ['a JSON-LD block must be an object'];
  if (block['@context'] !== 'https://schema.org') return ['@context must be https://schema.org'];
  const type = block['@type'];
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('Event')) return eventProblems(block);
  if (types.includes('ItemList')) return courseListProblems(block);
  if (types.some((t) => ['Organization', 'LocalBusiness', 'EducationalOrganization'].includes(String(t))))
    return organizationProblems(block);
  return [`no rules for @type ${JSON.stringify(type)}: add them to tests/unit/seo/json-ld-rules.ts`];
}
