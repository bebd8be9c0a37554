/**
 * "Our Story" on the About page. Editors manage the entries in WordPress (Timeline: the date as
 * shown, e.g. Aug 2022, and the text); the build reads the snapshot (content/cms/timeline.json).
 */
import { getCollection } from '@/lib/cms';

export interface TimelineEntry {
  date: string;
  text: string;
}

/** The entries, read from the snapshot when a page is built (not when this module is imported). */
export const timeline = (): readonly TimelineEntry[] =>
  getCollection('timeline').map(({ date, text }) => ({ date, text }));
