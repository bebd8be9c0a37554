import type { BookingCatalogue } from '@/components/bookings/booking-fields';
import type { Availability, AvailableDay } from '@/lib/bookings/booking-contract';

/** A studio of two rooms and two engineers (Meera works in Studio B only), open 10:00-22:00. */
export const catalogue: BookingCatalogue = {
  services: [
    { id: 'recording', name: 'Recording', sac: '999611' },
    { id: 'mixing', name: 'Mixing', sac: '999613' },
  ],
  rooms: [
    { id: 'studio-a', name: 'Studio A', hourPaise: 150000, dayPaise: 1200000 },
    { id: 'studio-b', name: 'Studio B', hourPaise: 100000, dayPaise: 800000 },
  ],
  engineers: [
    { id: 'rohan', name: 'Rohan Mehta', hourPaise: 80000, dayPaise: 600000, rooms: ['studio-a', 'studio-b'] },
    { id: 'meera', name: 'Meera Iyer', hourPaise: 100000, dayPaise: 750000, rooms: ['studio-b'] },
  ],
  rules: { minHours: 2, maxHours: 8, bufferHours: 1, depositPercent: 50, holdHours: 24, noticeHours: 24 },
  open: '10:00',
  close: '22:00',
};

export const firstDay: AvailableDay = {
  date: '2026-12-01',
  open: '10:00',
  close: '22:00',
  rooms: { 'studio-a': ['10:00', '14:00', '18:00'], 'studio-b': ['12:00'] },
  engineers: { rohan: ['10:00', '14:00'], meera: ['12:00'] },
};

/** The second day: Studio A is free, but no engineer of it is. */
const secondDay: AvailableDay = {
  date: '2026-12-02',
  open: '10:00',
  close: '22:00',
  rooms: { 'studio-a': ['10:00'], 'studio-b': ['10:00'] },
  engineers: { rohan: [], meera: ['10:00'] },
};

export const availability: Availability = {
  from: '2026-12-01',
  services: catalogue.services,
  rooms: catalogue.rooms,
  engineers: catalogue.engineers,
  rules: catalogue.rules,
  days: [firstDay, secondDay],
};

/** A JSON answer as the client reads it (jsdom has no Response: the fields the client uses). */
export function answer(body: unknown, status = 200) {
  const made = {
    ok: status < 300,
    status,
    headers: new Map([['content-type', 'application/json']]),
    json: async () => body,
    text: async () => JSON.stringify(body),
    clone: () => made,
  };
  return made;
}
