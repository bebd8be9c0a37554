import type { PublicSession } from '@/lib/sessions/session';
import { getStudio } from '@/lib/studio';
import { masterclass } from '@/content/forms/masterclass';
import { MasterclassFormIsland } from './form-islands';
import { MasterclassOffer } from './masterclass-offer';
import styles from './masterclass.module.css';

/**
 * The masterclass page's two-column card: the offer on the left, the sign-up form on the right,
 * which starts with the choice of session (the service's sessions the page was built with).
 */
export function MasterclassSignup({
  price,
  endpoint,
  atBuild,
}: {
  price: string;
  endpoint?: string;
  atBuild: readonly PublicSession[];
}) {
  return (
    <section className="section section-light">
      <div className={`container ${styles.card}`}>
        <MasterclassOffer price={price} />
        <div className={styles.formColumn}>
          <h2 id="masterclass-form-heading">{masterclass.form.heading}</h2>
          <MasterclassFormIsland
            endpoint={endpoint}
            contact={getStudio()}
            labelledBy="masterclass-form-heading"
            atBuild={atBuild}
          />
        </div>
      </div>
    </section>
  );
}
