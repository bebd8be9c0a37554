/**
 * @jest-environment node
 */
import { optionFromLink } from '@/lib/forms/link-option';

describe("the option a link's query value names", () => {
  const options = ['Pro Audio Mixing', 'Pro Audio Mastering', 'Music Distribution'];

  it('is the option itself, its slug, or the option whose slug ends with it', () => {
    expect(optionFromLink(options, 'Pro Audio Mixing')).toBe('Pro Audio Mixing');
    expect(optionFromLink(options, 'pro-audio-mastering')).toBe('Pro Audio Mastering');
    expect(optionFromLink(options, 'distribution')).toBe('Music Distribution');
  });

  it('is none for an empty or unknown value', () => {
    expect(optionFromLink(options, '  ')).toBeUndefined();
    expect(optionFromLink(options, 'video')).toBeUndefined();
  });
});
