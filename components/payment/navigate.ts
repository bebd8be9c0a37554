/** Sends the browser to a link (a UPI app link here); a prop so component tests can watch it. */
export type Navigate = (url: string) => void;

/** The real navigation: the browser hands custom schemes (upi://, intent://) to the phone's apps. */
export const navigateBrowser: Navigate = (url) => {
  window.location.href = url;
};
