import {
  dayLabel,
  dayOf,
  engineersOf,
  freeStarts,
  indiaToday,
  startLabel,
  workingStarts,
} from '@/components/bookings/free-starts';
import { availability, catalogue, firstDay } from './page-fixtures';

const { engineers } = catalogue;

describe('what the booking page offers from the availability', () => {
  it('offers a room’s engineers, and every engineer before a room is chosen', () => {
    expect(engineersOf(engineers, 'studio-a').map((e) => e.id)).toEqual(['rohan']);
    expect(engineersOf(engineers, 'studio-b').map((e) => e.id)).toEqual(['rohan', 'meera']);
    expect(engineersOf(engineers, '').map((e) => e.id)).toEqual(['rohan', 'meera']);
  });

  it('offers a start only where the room and the engineer (or one of the room’s) are both free', () => {
    expect(freeStarts(firstDay, { room: 'studio-a', engineer: 'rohan' }, engineers)).toEqual(['10:00', '14:00']);
    expect(freeStarts(firstDay, { room: 'studio-a', engineer: 'any' }, engineers)).toEqual(['10:00', '14:00']);
    // Meera is free at noon, but does not work in Studio A.
    expect(freeStarts(firstDay, { room: 'studio-a', engineer: 'meera' }, engineers)).toEqual([]);
    expect(freeStarts(firstDay, { room: 'studio-b', engineer: 'any' }, engineers)).toEqual(['12:00']);
    expect(freeStarts(firstDay, { room: '', engineer: 'any' }, engineers)).toEqual([]);
  });

  it('takes the day the service sent with a refusal over the list’s', () => {
    const fresher = { ...firstDay, rooms: { 'studio-a': [] } };
    expect(dayOf(availability.days, '2026-12-01', fresher)).toBe(fresher);
    expect(dayOf(availability.days, '2026-12-02', fresher)?.date).toBe('2026-12-02');
    expect(dayOf(availability.days, '2026-12-09')).toBeUndefined();
  });

  it('offers, without the list, every start on the hour where the minimum still fits', () => {
    expect(workingStarts('10:00', '22:00', 2)).toEqual(
      ['10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20'].map((h) => `${h}:00`),
    );
    expect(workingStarts('09:30', '13:00', 3)).toEqual(['10:00']);
    expect(workingStarts('10:00', '12:00', 3)).toEqual([]);
  });

  it('writes days and starts as people read them, and today as India’s calendar has it', () => {
    expect(dayLabel('2026-12-01')).toBe('Tue 1 Dec');
    expect(startLabel('00:00')).toBe('12 am');
    expect(startLabel('12:00')).toBe('12 pm');
    expect(startLabel('18:30')).toBe('6:30 pm');
    // 20:00 UTC on 30 November is 1:30 am on 1 December in India.
    expect(indiaToday(Date.parse('2026-11-30T20:00:00Z'))).toBe('2026-12-01');
    expect(indiaToday(Date.parse('2026-11-30T18:00:00Z'))).toBe('2026-11-30');
  });
});
