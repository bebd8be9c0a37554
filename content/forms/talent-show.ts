/** The talent show: its name (the registration page is titled "<showName> Registration") and page copy. */
export const talentShow = {
  showName: 'One11',
  lead: 'Bands, singer-songwriters, rappers, DJs and instrumentalists: register to perform live and battle for the title.',
  linksHint: 'Share a cloud-drive link (for example Google Drive) that anyone with the link can view.',
} as const;

/** The registration page's heading and title. */
export const talentShowTitle = `${talentShow.showName} Registration`;
