import { ProAudioFormIsland, StaffSubmissionsIsland } from '@/components/forms/form-islands';
import { dashboardPath } from '@/lib/dashboard/views';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/pro-audio-recording-form');

export default function ProAudioRecordingFormPage() {
  return (
    <section className="section section-light">
      <div className="container">
        <span className="eyebrow">Pro audio recording</span>
        <h1 id="pro-audio-heading">Book a recording session</h1>
        <p className="muted prose">
          Tell us when you can come in and what you need after the recording. We will get back to you to confirm a slot.
        </p>
        <ProAudioFormIsland />
        <StaffSubmissionsIsland dashboard={dashboardPath(getStudio().slug, 'get-audio-form-request')} />
      </div>
    </section>
  );
}
