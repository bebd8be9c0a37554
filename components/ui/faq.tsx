import type { Faq } from '@/content/courses';
import styles from './faq.module.css';

/** Questions that open and close independently (native disclosure elements: no script needed). */
export function FaqList({ items, headingLevel = 3 }: { items: readonly Faq[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className={styles.list}>
      {items.map((item) => (
        <details key={item.question} className={styles.item}>
          <summary className={styles.summary}>
            <Heading className={styles.question}>{item.question}</Heading>
            <svg className={styles.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </summary>
          <p className={styles.answer}>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
