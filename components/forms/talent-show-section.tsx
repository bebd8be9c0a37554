import { getStudio } from '@/lib/studio';
import { talentShow, talentShowTitle } from '@/content/forms/talent-show';
import { FormPage } from './form-page';
import { TalentShowFormIsland } from './form-islands';

/** The talent show registration page body, shared by /one11Register and /register. */
export function TalentShowSection({ endpoint }: { endpoint?: string }) {
  return (
    <FormPage
      copy={{ eyebrow: 'Live talent show', heading: talentShowTitle, lead: talentShow.lead }}
      headingId="talent-show-heading"
    >
      <TalentShowFormIsland endpoint={endpoint} contact={getStudio()} labelledBy="talent-show-heading" />
    </FormPage>
  );
}
