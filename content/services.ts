/**
 * The studio's services: the cards of the listing and one record per service page, keyed by route.
 * A card's "Further Details" opens its route, and that page renders from the record of the same
 * route, so the service is "passed along" without any client state.
 */
import { bookStudioLink, type NavLink, proAudioFormLink, talentShowLink } from './navigation';

export interface ServiceCard {
  title: string;
  desc: string;
  image: string;
  /** The service page the card opens. */
  link1: ServiceRoute;
}

interface ServiceBox {
  title: string;
  text: string;
}

type FourOf<T> = readonly [T, T, T, T];

export interface ServicePageRecord {
  eyebrow: string;
  title: string;
  lead: string;
  icon: string;
  panel: { heading: string; boxes: FourOf<ServiceBox> };
  cta: { heading: string; text: string };
  /** An extra note shown above the call to action, e.g. that a service is launching soon. */
  note?: { text: string; link: { label: string; href: string } };
  /** A second call to action beside the request: booking studio time by the hour. */
  book?: NavLink;
}

export const servicesOverview = {
  eyebrow: 'Services',
  heading: 'Everything your music needs, under one roof',
  intro:
    'Our suite of services covers the whole life of a song: we compose and record it, edit, mix and master it, shoot its video, release it, promote it and manage the artist behind it. Pick one service or let us take your project from the first idea to the stage.',
  listing: { heading: 'Services We Offer', tagline: 'From Sound to Stage - We Make It Happen.' },
  button: 'Further Details',
  /** The listing's call to action: studio time booked online. */
  book: {
    text: 'Know what you need? Book recording, mixing, mastering or production time online: choose a room, an engineer, a day and a start.',
    link: bookStudioLink,
  },
} as const;

/** The call to action of every service page; the link adds `?service=<the page's title>`, which the form selects. */
export const serviceCta = { label: 'Request this service', href: '/request-form' } as const;

/** How a service page is written here: its icon by file name, its panel's boxes as [title, text]. */
interface ServiceSource extends Omit<ServicePageRecord, 'icon' | 'panel'> {
  /** The file name, without .svg, of its icon in /media/services. */
  icon: string;
  panel: string;
  boxes: FourOf<BoxSource>;
}

type BoxSource = readonly [title: string, text: string];

const box = ([title, text]: BoxSource): ServiceBox => ({ title, text });

function service({ eyebrow, title, lead, icon, panel, boxes, cta, note, book }: ServiceSource): ServicePageRecord {
  return {
    eyebrow,
    title,
    lead,
    icon: `/media/services/${icon}.svg`,
    panel: {
      heading: panel,
      boxes: [box(boxes[0]), box(boxes[1]), box(boxes[2]), box(boxes[3])],
    },
    cta,
    ...(note ? { note } : {}),
    ...(book ? { book } : {}),
  };
}

/** The note of the pages that lead artists on to the talent show. */
const talentShowNote = {
  text: 'Ready for a stage? Bands, singers, rappers, DJs and instrumentalists can sign up for our live talent show.',
  link: talentShowLink,
};

export const servicePages = {
  '/pro-music-production': service({
    eyebrow: 'Composition',
    title: 'Pro Music Composition',
    lead: 'Original music written and produced for you: songs, jingles, soundtracks and music for any screen.',
    icon: 'composition',
    book: bookStudioLink,
    panel: 'What we compose',
    boxes: [
      ['Songwriting', 'Melody, lyrics and chords developed with you, in Hindi, English or the language of your song.'],
      ['Jingles', 'Short, memorable brand music and sonic logos for ads, radio and social media.'],
      ['Soundtracks', 'Scores for short films, documentaries and web series, written to picture.'],
      ['Music for media', 'Background tracks for podcasts, games, apps and videos, cleared for your use.'],
    ],
    cta: {
      heading: 'Have a song or a brief?',
      text: 'Share a reference, a voice memo or a script and we will propose a direction.',
    },
  }),
  '/pro-audio-recording': service({
    eyebrow: 'Recording',
    title: 'Pro Audio Recording',
    lead: 'Record vocals, instruments or a full band in a room built for it, with an engineer who gets the best take out of you.',
    icon: 'recording',
    book: bookStudioLink,
    panel: 'Why record with us',
    boxes: [
      ['Editing tools', 'Industry-standard DAWs and plug-ins for comping, tuning and timing right after the take.'],
      [
        'Flexible setup',
        'Solo vocals, acoustic sets or a full band: the room and the microphones adapt to the session.',
      ],
      ['Acoustic room', 'A treated live room and vocal booth for clean takes with a natural sound.'],
      ['Creative space', 'A calm, comfortable studio where artists can try ideas without watching the clock.'],
    ],
    cta: {
      heading: 'Ready to record?',
      text: 'Tell us what you are recording and how many people are coming, and we will plan the session.',
    },
    note: {
      text: 'Booking a recording session? Send the details of your project with our recording form.',
      link: proAudioFormLink,
    },
  }),
  '/pro-audio-editing': service({
    eyebrow: 'Editing & arrangement',
    title: 'Pro Audio Editing & Arrangement',
    lead: 'Raw takes turned into a tight, finished structure, ready for mixing.',
    icon: 'editing',
    panel: 'What editing covers',
    boxes: [
      ['Comping', 'The best phrases of every take combined into one strong performance.'],
      ['Timing and tuning', 'Drums, bass and vocals aligned and tuned, natural rather than robotic.'],
      ['Clean-up', 'Clicks, breaths, hum and background noise removed without dulling the sound.'],
      ['Arrangement', 'Intros, drops and transitions restructured so the song builds and lands.'],
    ],
    cta: {
      heading: 'Send us your sessions',
      text: 'Share your stems or project files and tell us what the song needs.',
    },
  }),
  '/pro-sound-design': service({
    eyebrow: 'Sound design',
    title: 'Pro Sound Design',
    lead: 'Sound that makes pictures feel real: designed, recorded and mixed for films, games and ads.',
    icon: 'sound-design',
    panel: 'Sound design and Foley',
    boxes: [
      ['Foley', 'Footsteps, cloth, props and movement performed and recorded to picture.'],
      ['Sound effects', 'Impacts, whooshes, interfaces and creatures built from recordings and synthesis.'],
      ['Atmospheres', 'City streets, rooms and landscapes layered so every scene has its own air.'],
      ['Mix to picture', 'Dialogue, music and effects balanced for cinema, streaming or social media.'],
    ],
    cta: {
      heading: 'Working on a film or game?',
      text: 'Send us a cut or a brief and we will plan the sound with you.',
    },
  }),
  '/pro-audio-mixing': service({
    eyebrow: 'Mixing',
    title: 'Pro Audio Mixing',
    lead: 'Every part in its place: mixes that are clear, punchy and true to your vision.',
    icon: 'mixing',
    book: bookStudioLink,
    panel: 'How we mix',
    boxes: [
      ['Balance and clarity', 'Levels, EQ and panning so every instrument and word is heard.'],
      ['Depth and space', 'Reverbs, delays and automation that give the song movement and emotion.'],
      ['Reference checks', 'Mixes compared against the records you love, on studio monitors, earphones and phones.'],
      ['Revisions', 'Your notes taken on board until the mix feels right, with stems delivered on request.'],
    ],
    cta: {
      heading: 'Need a mix?',
      text: 'Share your stems and a reference track, and tell us how you want it to feel.',
    },
  }),
  '/pro-audio-mastering': service({
    eyebrow: 'Mastering',
    title: 'Pro Audio Mastering',
    lead: 'The final polish: loud, clean and consistent masters ready for every platform.',
    icon: 'mastering',
    book: bookStudioLink,
    panel: 'What mastering gives you',
    boxes: [
      [
        'Loudness for streaming',
        'Masters that meet the loudness targets of streaming platforms without crushing the dynamics.',
      ],
      ['Consistent releases', 'EPs and albums matched in tone and level, so tracks flow from one to the next.'],
      ['Every format', 'Files for streaming, video and radio, with the right sample rates and metadata.'],
      ['Honest feedback', 'If the mix needs a fix before mastering, we tell you what and why.'],
    ],
    cta: { heading: 'Ready to release?', text: 'Send us your final mixes and the platforms you are releasing on.' },
  }),
  '/music-distribution': service({
    eyebrow: 'Distribution',
    title: 'Music Distribution',
    lead: 'Get your music onto streaming platforms and stores, with the details done right.',
    icon: 'distribution',
    panel: 'What distribution will cover',
    boxes: [
      ['Streaming platforms', 'Release on the major streaming services and stores in India and worldwide.'],
      ['Metadata and codes', 'Titles, credits, ISRC codes and artwork checked so your release is not rejected.'],
      ['Release planning', 'A release date, pre-saves and a plan that gives your song the best start.'],
      ['Royalty guidance', 'How streaming income and rights work, explained in plain language.'],
    ],
    cta: {
      heading: 'Planning a release?',
      text: 'Tell us about your song and release date, and we will help you get it out.',
    },
    note: {
      text: 'Our distribution service is launching soon.',
      link: { label: 'See what is coming', href: '/upcoming' },
    },
  }),
  '/music-production': service({
    eyebrow: 'Promotion',
    title: 'Music Promotion',
    lead: 'Get your release heard: strategy, content and press that build a real audience.',
    icon: 'promotion',
    panel: 'How we promote your music',
    boxes: [
      ['Social media strategy', 'A plan for what to post, where and when, built around your release.'],
      ['Brand promotion', 'A clear artist identity across your profiles, artwork and videos.'],
      ['Content creation', 'Reels, teasers, behind-the-scenes clips and photos made in the studio.'],
      ['PR', 'Press releases, blog and playlist pitching, and interviews where they fit.'],
    ],
    cta: {
      heading: 'Have a release coming?',
      text: 'Tell us about your music and your audience, and we will plan the campaign.',
    },
  }),
  '/video-production': service({
    eyebrow: 'Video',
    title: 'Video Production',
    lead: 'From concept and shoot to the final edit: videos that match the sound.',
    icon: 'video',
    panel: 'What we shoot',
    boxes: [
      ['Music videos', 'Performance and story videos, planned around your song and your budget.'],
      ['Corporate videos', 'Brand films, event highlights and interviews with clean, professional sound.'],
      ['Short films', 'Scripts to screen, with sound design and music handled in the same studio.'],
      ['Custom projects', 'Lyric videos, live sessions, reels and anything else your idea needs.'],
    ],
    cta: {
      heading: 'Have an idea for a video?',
      text: 'Share the song or the brief and we will come back with a concept.',
    },
  }),
  '/portfolio-shoot': service({
    eyebrow: 'Portfolio',
    title: 'Portfolio Shoot',
    lead: 'The photos and clips an artist needs to be taken seriously: for profiles, pitches and press.',
    icon: 'video',
    panel: 'What a portfolio shoot includes',
    boxes: [
      ['Press photos', 'Portraits and band shots styled for streaming profiles, posters and press.'],
      ['Performance clips', 'Live takes filmed in the studio to show bookers and labels what you do.'],
      ['Social media reels', 'Short vertical edits ready for Instagram and YouTube Shorts.'],
      ['Artist kit', 'Your photos, clips and bio assembled into one press kit you can send anywhere.'],
    ],
    cta: {
      heading: 'Need new visuals?',
      text: 'Tell us how you want to look and where the photos and clips will be used.',
    },
  }),
  '/artist-management': service({
    eyebrow: 'Artist management',
    title: 'Artist Management & PR',
    lead: 'The team behind the artist: bookings, deals, promotion and life on the road.',
    icon: 'artist-management',
    panel: 'How we manage artists',
    boxes: [
      ['Event bookings', 'Gigs, festivals, college fests and private events that fit your music.'],
      ['Promotion', 'Campaigns and PR that grow your audience release after release.'],
      ['Contract deals', 'Offers from labels, brands and promoters read, negotiated and explained.'],
      ['Tour support', 'Routing, travel, crew and logistics, so you can focus on the show.'],
    ],
    cta: {
      heading: 'Looking for management?',
      text: 'Tell us about your music, your audience and where you want to go next.',
    },
    note: talentShowNote,
  }),
  '/artist': service({
    eyebrow: 'Artists',
    title: 'For Artists',
    lead: 'A home for independent artists: make the music, release it and build a career with one team.',
    icon: 'artist-management',
    panel: 'How we work with artists',
    boxes: [
      ['Development', 'Songwriting sessions and honest feedback to find your sound.'],
      ['Production', 'Recording, mixing and mastering with engineers who know your genre.'],
      ['Release', 'Artwork, distribution and a release plan for every single and EP.'],
      ['Growth', 'Promotion, bookings and management as your audience grows.'],
    ],
    cta: { heading: 'Are you an artist?', text: 'Send us your music and tell us where you want to take it.' },
    note: talentShowNote,
  }),
  '/artist-promotion': service({
    eyebrow: 'Artist promotion',
    title: 'Artist Promotion',
    lead: 'Campaigns that put your name and your music in front of the right listeners.',
    icon: 'promotion',
    panel: 'What a campaign includes',
    boxes: [
      ['Release campaigns', 'Teasers, pre-saves and launch-week content planned around your release date.'],
      ['Playlist pitching', 'Your song pitched to editorial and independent playlists that fit it.'],
      ['Social content', 'Reels and posts shot in the studio, in a style that is yours.'],
      ['Press and interviews', 'Stories about you and your music pitched to blogs, radio and media.'],
    ],
    cta: { heading: 'Ready to be heard?', text: 'Tell us about your next release and who you want to reach.' },
  }),
  '/record': service({
    eyebrow: 'Record label',
    title: 'Our Record Label',
    lead: 'We sign new artists, develop their sound and release their music, with the whole studio behind them.',
    icon: 'distribution',
    panel: 'What the label does',
    boxes: [
      ['Signing new artists', 'We listen to every submission and sign artists whose music we believe in.'],
      ['Artist development', 'Songwriting, production and performance coaching to get you release-ready.'],
      ['Releases', 'Recording, mixing, mastering, artwork and distribution of your singles and albums.'],
      ['Promotion and bookings', 'Campaigns, press and live shows that grow your audience.'],
    ],
    cta: {
      heading: 'Want to be on the label?',
      text: 'Send us a request with links to your music and a few lines about you.',
    },
    note: talentShowNote,
  }),
} as const satisfies Record<string, ServicePageRecord>;

export type ServiceRoute = keyof typeof servicePages;

/** A card of the listing: the title and the icon of the page it opens, and a line of its own. */
function card(route: ServiceRoute, desc: string): ServiceCard {
  const page = servicePages[route];
  return { title: page.title, desc, image: page.icon, link1: route };
}

/** The cards of "Services We Offer", in the order shown. */
export const serviceCards: readonly ServiceCard[] = [
  card('/pro-music-production', 'Songs, jingles, soundtracks and music for media, written and produced for you.'),
  card(
    '/pro-audio-recording',
    'Vocals, instruments and bands recorded in a treated room with an experienced engineer.',
  ),
  card('/pro-audio-editing', 'Comping, timing, tuning and arrangement that turn takes into a finished song.'),
  card('/pro-sound-design', 'Foley, effects and atmospheres for films, games and ads.'),
  card('/pro-audio-mixing', 'Clear, punchy mixes with revisions until they feel right.'),
  card('/pro-audio-mastering', 'Loud, clean, consistent masters for every platform.'),
  card('/music-distribution', 'Your release on streaming platforms and stores, with the details done right.'),
  card('/video-production', 'Music videos, corporate videos, short films and custom projects.'),
  card('/music-production', 'Social media strategy, brand promotion, content creation and PR.'),
  card('/artist-management', 'Event bookings, promotion, contract deals and tour support.'),
];
