import { render, screen } from '@testing-library/react';
import { SocialLinks } from '@/components/shell/social-icons';

describe('the social links', () => {
  it('leave out a network the studio has declared none of', () => {
    render(
      <SocialLinks
        social={{
          facebook: 'https://www.facebook.com/s',
          linkedin: null,
          instagram: 'https://www.instagram.com/s',
          x: null,
        }}
      />,
    );
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'https://www.facebook.com/s',
      'https://www.instagram.com/s',
    ]);
    expect(screen.queryByText(/LinkedIn|X \(Twitter\)/)).toBeNull();
  });
});
