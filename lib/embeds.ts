/** The privacy-enhanced YouTube player for a preview: autoplaying, muted, looping, without controls. */
export function youtubeEmbedUrl(videoId: string): string {
  const id = encodeURIComponent(videoId);
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1&controls=0&loop=1&playlist=${id}&playsinline=1&rel=0`;
}
