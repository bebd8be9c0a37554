/** The "Your data" page, where a visitor asks for a link to see, download, correct or erase their data. */
export const yourDataPath = '/your-data';

/** The fragment key of the one-time link (a fragment is never sent to a server or written to its logs). */
export const linkFragment = 'link';
