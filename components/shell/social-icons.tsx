import type { Studio } from '@/content/studio';

type Network = keyof Studio['social'];

const paths: Record<Network, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9H17l.5-4h-4V9c0-.6.4-1 1-1z',
  linkedin:
    'M5 9h3.6v11H5zM6.8 3.5a2.1 2.1 0 110 4.2 2.1 2.1 0 010-4.2zM10.6 9h3.4v1.6c.5-.9 1.7-1.9 3.6-1.9 3.8 0 4.4 2.4 4.4 5.6V20h-3.6v-5c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20h-3.6z',
  instagram:
    'M12 7.2a4.8 4.8 0 100 9.6 4.8 4.8 0 000-9.6zm0 7.9a3.1 3.1 0 110-6.2 3.1 3.1 0 010 6.2zM17.2 5.6a1.1 1.1 0 100 2.2 1.1 1.1 0 000-2.2zM12 3.6c2.7 0 3 0 4.1.1 2.7.1 4 1.4 4.1 4.1.1 1.1.1 1.4.1 4.1s0 3-.1 4.1c-.1 2.7-1.4 4-4.1 4.1-1.1.1-1.4.1-4.1.1s-3 0-4.1-.1c-2.7-.1-4-1.4-4.1-4.1-.1-1.1-.1-1.4-.1-4.1s0-3 .1-4.1c.1-2.7 1.4-4 4.1-4.1 1.1-.1 1.4-.1 4.1-.1z',
  x: 'M17.8 3.5h3.1l-6.8 7.8 8 10.6h-6.3l-4.9-6.4-5.6 6.4H2.2l7.3-8.3L1.8 3.5h6.4l4.4 5.9zm-1.1 16.5h1.7L7.4 5.3H5.6z',
};

const socialLabels: Record<Network, string> = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  x: 'X (Twitter)',
};

/** The studio's social links as labelled icons (a network it has declared none of is left out). */
export function SocialLinks({ social, className }: { social: Studio['social']; className?: string }) {
  return (
    <ul className={className}>
      {(Object.keys(paths) as Network[]).flatMap((network) => {
        const href = social[network];
        return href === null
          ? []
          : [
              <li key={network}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  <span className="visually-hidden">{`${socialLabels[network]} (opens in a new tab)`}</span>
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path d={paths[network]} fill="currentColor" />
                  </svg>
                </a>
              </li>,
            ];
      })}
    </ul>
  );
}
