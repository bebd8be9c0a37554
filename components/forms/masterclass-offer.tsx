import { masterclass } from '@/content/forms/masterclass';
import styles from './masterclass.module.css';

/** The masterclass card's left column: badges, what you will learn, why join, details and bonus. */
export function MasterclassOffer({ price }: { price: string }) {
  const lists = [masterclass.learn, masterclass.why, masterclass.details, masterclass.bonus];
  return (
    <div className={styles.offer}>
      <ul className={styles.badges} aria-label="Highlights">
        <li>{masterclass.badges.attendees}</li>
        <li>{masterclass.badges.offer}</li>
      </ul>
      <span className="eyebrow">{masterclass.eyebrow}</span>
      <h1>{masterclass.heading}</h1>
      <p className={styles.lead}>{masterclass.lead}</p>
      <p className={styles.price}>
        <span className={styles.priceValue}>{price}</span> <span>+ GST</span>
      </p>
      {lists.map((list) => (
        <section key={list.heading} aria-labelledby={`mc-${list.heading.replace(/\W+/g, '-')}`}>
          <h2 id={`mc-${list.heading.replace(/\W+/g, '-')}`} className={styles.listHeading}>
            {list.heading}
          </h2>
          <ul className={styles.list}>
            {list.items.map((item) => (
              <li key={item}>{item.replace('{price}', price)}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
