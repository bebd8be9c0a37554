/** @jest-environment node */
import { NextRequest } from 'next/server';
import { dashboardPath } from '@/lib/dashboard/views';
import { getStudio } from '@/lib/studio';
import { proxy } from '@/proxy';

/** Where `next dev`'s proxy sends a request for `pathname`: the path it rewrites to, or undefined. */
function rewrittenTo(pathname: string): string | undefined {
  const rewrite = proxy(new NextRequest(`http://localhost:3000${pathname}`)).headers.get('x-middleware-rewrite');
  return rewrite ? new URL(rewrite).pathname : undefined;
}

describe("next dev's proxy", () => {
  const dashboard = dashboardPath(getStudio().slug);

  it('answers every nested dashboard path, a view or not, with the dashboard page', () => {
    for (const view of ['payments', 'forms/query', 'no/such/view'])
      expect(rewrittenTo(`${dashboard}/${view}`)).toBe(dashboard);
    expect(rewrittenTo(dashboard)).toBeUndefined();
  });

  it('answers the case aliases with their pages and leaves other pages alone', () => {
    expect(rewrittenTo('/Legal')).toBe('/legal');
    expect(rewrittenTo('/about')).toBeUndefined();
  });
});
