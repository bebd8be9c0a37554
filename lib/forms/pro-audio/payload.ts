import { proAudioSchema, type ProAudioPayload, type ProAudioValues } from './schema';

/** The form's values as the JSON body the service expects: trimmed, in the spec's keys. */
export function toProAudioPayload(values: ProAudioValues): ProAudioPayload {
  return proAudioSchema.cast(values, { stripUnknown: true });
}
