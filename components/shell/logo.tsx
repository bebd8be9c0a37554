import type { SVGProps } from 'react';

interface Mark {
  radius: number;
  fill: string;
  paths: readonly SVGProps<SVGPathElement>[];
}

const marks = {
  studio: {
    radius: 9,
    fill: '#f5b301',
    paths: [
      {
        d: 'M8 20h3m3-7v14m3-18v22m3-15v8m3-12v16m3-9v2m3-6v10',
        stroke: '#111',
        strokeWidth: '2.4',
        strokeLinecap: 'round',
        fill: 'none',
      },
    ],
  },
  institute: {
    radius: 20,
    fill: '#8f75ff',
    paths: [
      {
        d: 'M11 16l9-5 9 5-9 5zm3 2.5v5c2 2 10 2 12 0v-5',
        stroke: '#fff',
        strokeWidth: '2.2',
        strokeLinejoin: 'round',
        fill: 'none',
      },
      { d: 'M29 16v7', stroke: '#fff', strokeWidth: '2.2', strokeLinecap: 'round' },
    ],
  },
} as const satisfies Record<string, Mark>;

/** The studio's and the institute's marks, inline so they take the navbar's text colour. */
export function StudioMark({ institute = false }: { institute?: boolean }) {
  const mark: Mark = institute ? marks.institute : marks.studio;
  return (
    <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx={mark.radius} fill={mark.fill} />
      {mark.paths.map((path) => (
        <path key={String(path.d)} {...path} />
      ))}
    </svg>
  );
}
