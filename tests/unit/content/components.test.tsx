import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmationPopup, POPUP_FADE_IN_DELAY_MS } from '@/components/ui/confirmation-popup';
import { HoverVideo } from '@/components/ui/hover-video';
import { TESTIMONIAL_INTERVAL_MS, Testimonials } from '@/components/ui/testimonials';
import { testimonials, testimonialsBackground } from '@/content/testimonials';

function mockMatchMedia(reduced: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduced && query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}

const visibleQuote = () => screen.getAllByTestId('testimonial').find((el) => !el.hidden)?.textContent ?? '';

describe('Testimonials', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('advances every 5 seconds, wraps from the last to the first, and stops when paused', () => {
    mockMatchMedia(false);
    render(<Testimonials items={testimonials()} heading="What they say" background={testimonialsBackground} />);
    expect(visibleQuote()).toContain(testimonials()[0]?.text);
    act(() => jest.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS - 1));
    expect(visibleQuote()).toContain(testimonials()[0]?.text);
    act(() => jest.advanceTimersByTime(1));
    expect(visibleQuote()).toContain(testimonials()[1]?.text);
    act(() => jest.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS * 2));
    expect(visibleQuote()).toContain(testimonials()[0]?.text);

    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    act(() => jest.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS * 3));
    expect(visibleQuote()).toContain(testimonials()[0]?.text);
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('stays still for visitors who prefer reduced motion', () => {
    mockMatchMedia(true);
    render(<Testimonials items={testimonials()} heading="What they say" background={testimonialsBackground} />);
    act(() => jest.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS * 2));
    expect(visibleQuote()).toContain(testimonials()[0]?.text);
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3 of 3' }));
    expect(visibleQuote()).toContain(testimonials()[2]?.text);
  });
});

describe('ConfirmationPopup', () => {
  it('fades in 100 ms after mounting, keeps focus inside and closes on Escape and on its button', () => {
    jest.useFakeTimers();
    const onClose = jest.fn();
    render(
      <ConfirmationPopup
        title="Registered"
        message="See you in class."
        cta={{ label: 'Back to Home', href: '/' }}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Registered' });
    const overlay = dialog.parentElement;
    expect(overlay).toHaveAttribute('data-visible', 'false');
    act(() => jest.advanceTimersByTime(POPUP_FADE_IN_DELAY_MS));
    expect(overlay).toHaveAttribute('data-visible', 'true');

    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    const cta = screen.getByRole('link', { name: 'Back to Home' });
    cta.focus();
    fireEvent.keyDown(cta, { key: 'Tab' });
    expect(close).toHaveFocus();

    fireEvent.keyDown(close, { key: 'Escape' });
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
  });
});

/** A mouse pointer event (jsdom has no PointerEvent; React derives enter and leave from over and out). */
function pointer(type: 'pointerover' | 'pointerout', target: Element, relatedTarget: Element | null) {
  const event = new MouseEvent(type, { bubbles: true, relatedTarget });
  Object.defineProperty(event, 'pointerType', { value: 'mouse' });
  act(() => {
    target.dispatchEvent(event);
  });
}

describe('HoverVideo', () => {
  const image = { src: '/media/institute/beti-na-hoti.webp', width: 800, height: 450, alt: 'Still' };

  it('loads the youtube-nocookie player only on hover, and removes it when the pointer leaves', () => {
    const { container } = render(
      <HoverVideo title="BETI NA HOTI" image={image} youtubeId="abc123" clip="/media/institute/hero.mp4" />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    const frame = container.firstElementChild as HTMLElement;
    pointer('pointerover', frame, document.body);
    const iframe = container.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123\?autoplay=1&mute=1&controls=0/,
    );
    pointer('pointerout', frame, document.body);
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('stays still on keyboard focus, plays on Enter (a click) and on a tap, and stops when focus leaves', () => {
    const { container } = render(
      <HoverVideo title="Cities on fires" image={image} youtubeId={null} clip="/media/institute/hero.mp4" />,
    );
    const button = screen.getByRole('button', { name: 'Play the preview of Cities on fires' });
    act(() => button.focus());
    expect(container.querySelector('video')).toBeNull();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    expect(container.querySelector('video')).not.toBeNull();
    expect(button).toHaveAttribute('aria-pressed', 'true');
    act(() => button.blur());
    expect(container.querySelector('video')).toBeNull();

    fireEvent.pointerDown(button, { pointerType: 'touch' });
    fireEvent.click(button);
    expect(container.querySelector('video')).not.toBeNull();
  });
});
