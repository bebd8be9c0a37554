import { getStudio } from '@/lib/studio';
import { masterclass } from '@/content/forms/masterclass';
import { MasterclassForm } from './masterclass-form';
import { MasterclassOffer } from './masterclass-offer';
import { MasterclassSessionPicker } from './masterclass-session-picker';
import styles from './masterclass.module.css';

/** The masterclass page's two-column card: the offer on the left, the sign-up form on the right. */
export function MasterclassSignup({ price, endpoint }: { price: string; endpoint?: string }) {
  return (
    <section className="section section-light">
      <div className={`container ${styles.card}`}>
        <MasterclassOffer price={price} />
        <div className={styles.formColumn}>
          <h2 id="masterclass-form-heading">{masterclass.form.heading}</h2>
          <MasterclassSessionPicker />
          <MasterclassForm endpoint={endpoint} contact={getStudio()} labelledBy="masterclass-form-heading" />
        </div>
      </div>
    </section>
  );
}
