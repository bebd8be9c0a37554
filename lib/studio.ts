import { studioDefaults, type Studio } from '@/content/studio';
import { type Env, getEnv } from '@/lib/env';

/** The studio record with the STUDIO_* overrides from the environment applied. */
export function getStudio(env: Env = getEnv()): Studio {
  return {
    ...studioDefaults,
    name: env.STUDIO_NAME ?? studioDefaults.name,
    slug: env.STUDIO_SLUG ?? studioDefaults.slug,
    instituteName: env.STUDIO_INSTITUTE_NAME ?? studioDefaults.instituteName,
    tagline: env.STUDIO_TAGLINE ?? studioDefaults.tagline,
    foundedYear: env.STUDIO_FOUNDED_YEAR ?? studioDefaults.foundedYear,
    email: env.STUDIO_EMAIL ?? studioDefaults.email,
    whatsapp: env.STUDIO_WHATSAPP ?? studioDefaults.whatsapp,
    upi: {
      id: env.STUDIO_UPI_ID ?? studioDefaults.upi.id,
      payeeName: env.STUDIO_UPI_NAME ?? env.STUDIO_NAME ?? studioDefaults.upi.payeeName,
    },
    address: {
      ...studioDefaults.address,
      street: env.STUDIO_STREET ?? studioDefaults.address.street,
      city: env.STUDIO_CITY ?? studioDefaults.address.city,
      region: env.STUDIO_REGION ?? studioDefaults.address.region,
      postalCode: env.STUDIO_POSTAL_CODE ?? studioDefaults.address.postalCode,
    },
    mapEmbedUrl: env.STUDIO_MAP_EMBED_URL ?? studioDefaults.mapEmbedUrl,
    mapLink: env.STUDIO_MAP_LINK ?? studioDefaults.mapLink,
    social: {
      facebook: env.STUDIO_FACEBOOK === undefined ? studioDefaults.social.facebook : env.STUDIO_FACEBOOK,
      linkedin: env.STUDIO_LINKEDIN === undefined ? studioDefaults.social.linkedin : env.STUDIO_LINKEDIN,
      instagram: env.STUDIO_INSTAGRAM === undefined ? studioDefaults.social.instagram : env.STUDIO_INSTAGRAM,
      x: env.STUDIO_X === undefined ? studioDefaults.social.x : env.STUDIO_X,
    },
    grievance: {
      name: env.STUDIO_GRIEVANCE_NAME ?? studioDefaults.grievance.name,
      email: env.STUDIO_GRIEVANCE_EMAIL ?? studioDefaults.grievance.email,
    },
  };
}
