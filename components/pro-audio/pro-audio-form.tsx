'use client';

import { FormEngine, type SendPayload } from '@/components/forms/form-engine';
import { proAudioForm } from '@/lib/forms/pro-audio/schema';

/**
 * The pro audio form (§3), drawn by the same engine as the visitor forms: honeypot, draft, required
 * markers, inline errors and focus on the first invalid field. The answer shows as an alert: the
 * server's message on success (the fields are then cleared), "Error submitting form." on failure
 * (what was typed stays).
 */
export function ProAudioForm({ send, minFillMs }: { send?: SendPayload; minFillMs?: number }) {
  return (
    <FormEngine
      module={proAudioForm}
      timing="touched"
      successAlert
      send={send}
      minFillMs={minFillMs}
      labelledBy="pro-audio-heading"
    />
  );
}
