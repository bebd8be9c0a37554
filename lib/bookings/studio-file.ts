/** Reads the studio's bookable things: the owner's studio-content/bookings.json, else the shipped content/cms/bookings.json. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ownerContentFile } from '@/lib/owner/folders';
import { type BookingStudio, parseBookingStudio } from './studio';

/** The content file of the studio's rooms, engineers and services. */
const BOOKINGS_FILE = 'bookings.json';

/** The studio's rooms, engineers and services as the owner's copy (or the shipped one) in `root` says; throws one line naming the mistake. */
export async function readBookingStudio(root = process.cwd()): Promise<BookingStudio> {
  const file = ownerContentFile(BOOKINGS_FILE, root);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path.join(root, file), 'utf8'));
  } catch (error) {
    throw new Error(
      `${file}: ${error instanceof SyntaxError ? `is not valid JSON (${error.message})` : String(error)}`,
    );
  }
  return parseBookingStudio(json, file);
}
