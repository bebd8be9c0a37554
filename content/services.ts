/**
 * The studio's services: the cards of the listing and one record per service page, keyed by route.
 * A card's "Further Details" opens its route, and that page renders from the record of the same
 * route, so the service is "passed along" without any client state.
 */
import { proAudioFormLink, talentShowLink } from './navigation';

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

export interface ServicePageRecord {
  eyebrow: string;
  title: string;
  lead: string;
  icon: string;
  panel: { heading: string; boxes: readonly [ServiceBox, ServiceBox, ServiceBox, ServiceBox] };
  cta: { heading: string; text: string };
  /** An extra note shown above the call to action, e.g. that a service is launching soon. */
  note?: { text: string; link: { label: string; href: string } };
}

export const servicesOverview = {
  eyebrow: 'Services',
  heading: 'Everything your music needs, under one roof',
  intro:
    'Our suite of services covers the whole life of a song: we compose and record it, edit, mix and master it, shoot its video, release it, promote it and manage the artist behind it. Pick one service or let us take your project from the first idea to the stage.',
  listing: { heading: 'Services We Offer', tagline: 'From Sound to Stage - We Make It Happen.' },
  button: 'Further Details',
} as const;

/** The call to action of every service page; the link adds `?service=<the page's title>`, which the form selects. */
export const serviceCta = { label: 'Request this service', href: '/request-form' } as const;

export const servicePages = {
  '/pro-music-production': {
    eyebrow: 'Composition',
    title: 'Pro Music Composition',
    lead: 'Original music written and produced for you: songs, jingles, soundtracks and music for any screen.',
    icon: '/media/services/composition.svg',
    panel: {
      heading: 'What we compose',
      boxes: [
        {
          title: 'Songwriting',
          text: 'Melody, lyrics and chords developed with you, in Hindi, English or the language of your song.',
        },
        { title: 'Jingles', text: 'Short, memorable brand music and sonic logos for ads, radio and social media.' },
        { title: 'Soundtracks', text: 'Scores for short films, documentaries and web series, written to picture.' },
        {
          title: 'Music for media',
          text: 'Background tracks for podcasts, games, apps and videos, cleared for your use.',
        },
      ],
    },
    cta: {
      heading: 'Have a song or a brief?',
      text: 'Share a reference, a voice memo or a script and we will propose a direction.',
    },
  },
  '/pro-audio-recording': {
    eyebrow: 'Recording',
    title: 'Pro Audio Recording',
    lead: 'Record vocals, instruments or a full band in a room built for it, with an engineer who gets the best take out of you.',
    icon: '/media/services/recording.svg',
    panel: {
      heading: 'Why record with us',
      boxes: [
        {
          title: 'Editing tools',
          text: 'Industry-standard DAWs and plug-ins for comping, tuning and timing right after the take.',
        },
        {
          title: 'Flexible setup',
          text: 'Solo vocals, acoustic sets or a full band: the room and the microphones adapt to the session.',
        },
        { title: 'Acoustic room', text: 'A treated live room and vocal booth for clean takes with a natural sound.' },
        {
          title: 'Creative space',
          text: 'A calm, comfortable studio where artists can try ideas without watching the clock.',
        },
      ],
    },
    cta: {
      heading: 'Ready to record?',
      text: 'Tell us what you are recording and how many people are coming, and we will plan the session.',
    },
    note: {
      text: 'Booking a recording session? Send the details of your project with our recording form.',
      link: proAudioFormLink,
    },
  },
  '/pro-audio-editing': {
    eyebrow: 'Editing & arrangement',
    title: 'Pro Audio Editing & Arrangement',
    lead: 'Raw takes turned into a tight, finished structure, ready for mixing.',
    icon: '/media/services/editing.svg',
    panel: {
      heading: 'What editing covers',
      boxes: [
        { title: 'Comping', text: 'The best phrases of every take combined into one strong performance.' },
        { title: 'Timing and tuning', text: 'Drums, bass and vocals aligned and tuned, natural rather than robotic.' },
        { title: 'Clean-up', text: 'Clicks, breaths, hum and background noise removed without dulling the sound.' },
        { title: 'Arrangement', text: 'Intros, drops and transitions restructured so the song builds and lands.' },
      ],
    },
    cta: {
      heading: 'Send us your sessions',
      text: 'Share your stems or project files and tell us what the song needs.',
    },
  },
  '/pro-sound-design': {
    eyebrow: 'Sound design',
    title: 'Pro Sound Design',
    lead: 'Sound that makes pictures feel real: designed, recorded and mixed for films, games and ads.',
    icon: '/media/services/sound-design.svg',
    panel: {
      heading: 'Sound design and Foley',
      boxes: [
        { title: 'Foley', text: 'Footsteps, cloth, props and movement performed and recorded to picture.' },
        {
          title: 'Sound effects',
          text: 'Impacts, whooshes, interfaces and creatures built from recordings and synthesis.',
        },
        { title: 'Atmospheres', text: 'City streets, rooms and landscapes layered so every scene has its own air.' },
        {
          title: 'Mix to picture',
          text: 'Dialogue, music and effects balanced for cinema, streaming or social media.',
        },
      ],
    },
    cta: {
      heading: 'Working on a film or game?',
      text: 'Send us a cut or a brief and we will plan the sound with you.',
    },
  },
  '/pro-audio-mixing': {
    eyebrow: 'Mixing',
    title: 'Pro Audio Mixing',
    lead: 'Every part in its place: mixes that are clear, punchy and true to your vision.',
    icon: '/media/services/mixing.svg',
    panel: {
      heading: 'How we mix',
      boxes: [
        { title: 'Balance and clarity', text: 'Levels, EQ and panning so every instrument and word is heard.' },
        { title: 'Depth and space', text: 'Reverbs, delays and automation that give the song movement and emotion.' },
        {
          title: 'Reference checks',
          text: 'Mixes compared against the records you love, on studio monitors, earphones and phones.',
        },
        {
          title: 'Revisions',
          text: 'Your notes taken on board until the mix feels right, with stems delivered on request.',
        },
      ],
    },
    cta: {
      heading: 'Need a mix?',
      text: 'Share your stems and a reference track, and tell us how you want it to feel.',
    },
  },
  '/pro-audio-mastering': {
    eyebrow: 'Mastering',
    title: 'Pro Audio Mastering',
    lead: 'The final polish: loud, clean and consistent masters ready for every platform.',
    icon: '/media/services/mastering.svg',
    panel: {
      heading: 'What mastering gives you',
      boxes: [
        {
          title: 'Loudness for streaming',
          text: 'Masters that meet the loudness targets of streaming platforms without crushing the dynamics.',
        },
        {
          title: 'Consistent releases',
          text: 'EPs and albums matched in tone and level, so tracks flow from one to the next.',
        },
        {
          title: 'Every format',
          text: 'Files for streaming, video and radio, with the right sample rates and metadata.',
        },
        { title: 'Honest feedback', text: 'If the mix needs a fix before mastering, we tell you what and why.' },
      ],
    },
    cta: { heading: 'Ready to release?', text: 'Send us your final mixes and the platforms you are releasing on.' },
  },
  '/music-distribution': {
    eyebrow: 'Distribution',
    title: 'Music Distribution',
    lead: 'Get your music onto streaming platforms and stores, with the details done right.',
    icon: '/media/services/distribution.svg',
    panel: {
      heading: 'What distribution will cover',
      boxes: [
        {
          title: 'Streaming platforms',
          text: 'Release on the major streaming services and stores in India and worldwide.',
        },
        {
          title: 'Metadata and codes',
          text: 'Titles, credits, ISRC codes and artwork checked so your release is not rejected.',
        },
        {
          title: 'Release planning',
          text: 'A release date, pre-saves and a plan that gives your song the best start.',
        },
        { title: 'Royalty guidance', text: 'How streaming income and rights work, explained in plain language.' },
      ],
    },
    cta: {
      heading: 'Planning a release?',
      text: 'Tell us about your song and release date, and we will help you get it out.',
    },
    note: {
      text: 'Our distribution service is launching soon.',
      link: { label: 'See what is coming', href: '/upcoming' },
    },
  },
  '/music-production': {
    eyebrow: 'Promotion',
    title: 'Music Promotion',
    lead: 'Get your release heard: strategy, content and press that build a real audience.',
    icon: '/media/services/promotion.svg',
    panel: {
      heading: 'How we promote your music',
      boxes: [
        { title: 'Social media strategy', text: 'A plan for what to post, where and when, built around your release.' },
        { title: 'Brand promotion', text: 'A clear artist identity across your profiles, artwork and videos.' },
        { title: 'Content creation', text: 'Reels, teasers, behind-the-scenes clips and photos made in the studio.' },
        { title: 'PR', text: 'Press releases, blog and playlist pitching, and interviews where they fit.' },
      ],
    },
    cta: {
      heading: 'Have a release coming?',
      text: 'Tell us about your music and your audience, and we will plan the campaign.',
    },
  },
  '/video-production': {
    eyebrow: 'Video',
    title: 'Video Production',
    lead: 'From concept and shoot to the final edit: videos that match the sound.',
    icon: '/media/services/video.svg',
    panel: {
      heading: 'What we shoot',
      boxes: [
        { title: 'Music videos', text: 'Performance and story videos, planned around your song and your budget.' },
        {
          title: 'Corporate videos',
          text: 'Brand films, event highlights and interviews with clean, professional sound.',
        },
        { title: 'Short films', text: 'Scripts to screen, with sound design and music handled in the same studio.' },
        { title: 'Custom projects', text: 'Lyric videos, live sessions, reels and anything else your idea needs.' },
      ],
    },
    cta: {
      heading: 'Have an idea for a video?',
      text: 'Share the song or the brief and we will come back with a concept.',
    },
  },
  '/portfolio-shoot': {
    eyebrow: 'Portfolio',
    title: 'Portfolio Shoot',
    lead: 'The photos and clips an artist needs to be taken seriously: for profiles, pitches and press.',
    icon: '/media/services/video.svg',
    panel: {
      heading: 'What a portfolio shoot includes',
      boxes: [
        { title: 'Press photos', text: 'Portraits and band shots styled for streaming profiles, posters and press.' },
        { title: 'Performance clips', text: 'Live takes filmed in the studio to show bookers and labels what you do.' },
        { title: 'Social media reels', text: 'Short vertical edits ready for Instagram and YouTube Shorts.' },
        { title: 'Artist kit', text: 'Your photos, clips and bio assembled into one press kit you can send anywhere.' },
      ],
    },
    cta: {
      heading: 'Need new visuals?',
      text: 'Tell us how you want to look and where the photos and clips will be used.',
    },
  },
  '/artist-management': {
    eyebrow: 'Artist management',
    title: 'Artist Management & PR',
    lead: 'The team behind the artist: bookings, deals, promotion and life on the road.',
    icon: '/media/services/artist-management.svg',
    panel: {
      heading: 'How we manage artists',
      boxes: [
        { title: 'Event bookings', text: 'Gigs, festivals, college fests and private events that fit your music.' },
        { title: 'Promotion', text: 'Campaigns and PR that grow your audience release after release.' },
        { title: 'Contract deals', text: 'Offers from labels, brands and promoters read, negotiated and explained.' },
        { title: 'Tour support', text: 'Routing, travel, crew and logistics, so you can focus on the show.' },
      ],
    },
    cta: {
      heading: 'Looking for management?',
      text: 'Tell us about your music, your audience and where you want to go next.',
    },
    note: {
      text: 'Ready for a stage? Bands, singers, rappers, DJs and instrumentalists can sign up for our live talent show.',
      link: talentShowLink,
    },
  },
  '/artist': {
    eyebrow: 'Artists',
    title: 'For Artists',
    lead: 'A home for independent artists: make the music, release it and build a career with one team.',
    icon: '/media/services/artist-management.svg',
    panel: {
      heading: 'How we work with artists',
      boxes: [
        { title: 'Development', text: 'Songwriting sessions and honest feedback to find your sound.' },
        { title: 'Production', text: 'Recording, mixing and mastering with engineers who know your genre.' },
        { title: 'Release', text: 'Artwork, distribution and a release plan for every single and EP.' },
        { title: 'Growth', text: 'Promotion, bookings and management as your audience grows.' },
      ],
    },
    cta: { heading: 'Are you an artist?', text: 'Send us your music and tell us where you want to take it.' },
    note: {
      text: 'Ready for a stage? Bands, singers, rappers, DJs and instrumentalists can sign up for our live talent show.',
      link: talentShowLink,
    },
  },
  '/artist-promotion': {
    eyebrow: 'Artist promotion',
    title: 'Artist Promotion',
    lead: 'Campaigns that put your name and your music in front of the right listeners.',
    icon: '/media/services/promotion.svg',
    panel: {
      heading: 'What a campaign includes',
      boxes: [
        {
          title: 'Release campaigns',
          text: 'Teasers, pre-saves and launch-week content planned around your release date.',
        },
        { title: 'Playlist pitching', text: 'Your song pitched to editorial and independent playlists that fit it.' },
        { title: 'Social content', text: 'Reels and posts shot in the studio, in a style that is yours.' },
        { title: 'Press and interviews', text: 'Stories about you and your music pitched to blogs, radio and media.' },
      ],
    },
    cta: { heading: 'Ready to be heard?', text: 'Tell us about your next release and who you want to reach.' },
  },
  '/record': {
    eyebrow: 'Record label',
    title: 'Our Record Label',
    lead: 'We sign new artists, develop their sound and release their music, with the whole studio behind them.',
    icon: '/media/services/distribution.svg',
    panel: {
      heading: 'What the label does',
      boxes: [
        {
          title: 'Signing new artists',
          text: 'We listen to every submission and sign artists whose music we believe in.',
        },
        {
          title: 'Artist development',
          text: 'Songwriting, production and performance coaching to get you release-ready.',
        },
        {
          title: 'Releases',
          text: 'Recording, mixing, mastering, artwork and distribution of your singles and albums.',
        },
        { title: 'Promotion and bookings', text: 'Campaigns, press and live shows that grow your audience.' },
      ],
    },
    cta: {
      heading: 'Want to be on the label?',
      text: 'Send us a request with links to your music and a few lines about you.',
    },
    note: {
      text: 'Ready for a stage? Bands, singers, rappers, DJs and instrumentalists can sign up for our live talent show.',
      link: talentShowLink,
    },
  },
} as const satisfies Record<string, ServicePageRecord>;

export type ServiceRoute = keyof typeof servicePages;

/** The cards of "Services We Offer", in the order shown. */
export const serviceCards: readonly ServiceCard[] = [
  {
    title: 'Pro Music Composition',
    desc: 'Songs, jingles, soundtracks and music for media, written and produced for you.',
    image: '/media/services/composition.svg',
    link1: '/pro-music-production',
  },
  {
    title: 'Pro Audio Recording',
    desc: 'Vocals, instruments and bands recorded in a treated room with an experienced engineer.',
    image: '/media/services/recording.svg',
    link1: '/pro-audio-recording',
  },
  {
    title: 'Pro Audio Editing & Arrangement',
    desc: 'Comping, timing, tuning and arrangement that turn takes into a finished song.',
    image: '/media/services/editing.svg',
    link1: '/pro-audio-editing',
  },
  {
    title: 'Pro Sound Design',
    desc: 'Foley, effects and atmospheres for films, games and ads.',
    image: '/media/services/sound-design.svg',
    link1: '/pro-sound-design',
  },
  {
    title: 'Pro Audio Mixing',
    desc: 'Clear, punchy mixes with revisions until they feel right.',
    image: '/media/services/mixing.svg',
    link1: '/pro-audio-mixing',
  },
  {
    title: 'Pro Audio Mastering',
    desc: 'Loud, clean, consistent masters for every platform.',
    image: '/media/services/mastering.svg',
    link1: '/pro-audio-mastering',
  },
  {
    title: 'Music Distribution',
    desc: 'Your release on streaming platforms and stores, with the details done right.',
    image: '/media/services/distribution.svg',
    link1: '/music-distribution',
  },
  {
    title: 'Video Production',
    desc: 'Music videos, corporate videos, short films and custom projects.',
    image: '/media/services/video.svg',
    link1: '/video-production',
  },
  {
    title: 'Music Promotion',
    desc: 'Social media strategy, brand promotion, content creation and PR.',
    image: '/media/services/promotion.svg',
    link1: '/music-production',
  },
  {
    title: 'Artist Management & PR',
    desc: 'Event bookings, promotion, contract deals and tour support.',
    image: '/media/services/artist-management.svg',
    link1: '/artist-management',
  },
];
