import { readFileSync } from 'node:fs';
import { EnvError, envDocs, parseEnv } from '@/lib/env';

describe('lib/env', () => {
  it('gives every default on an empty environment', () => {
    const env = parseEnv({});
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.PORT).toBe(3000);
    expect(env.GTM_ID).toBeUndefined();
  });

  it('trims a trailing slash from SITE_URL', () => {
    expect(parseEnv({ SITE_URL: 'https://studio.example/' }).SITE_URL).toBe('https://studio.example');
  });

  it("refuses a state that is not one of India's, and a GSTIN of another state than the studio's, one line each", () => {
    const problemsOf = (source: Record<string, string>) => {
      try {
        parseEnv(source);
        return [];
      } catch (error) {
        return (error as EnvError).problems;
      }
    };
    expect(problemsOf({ STUDIO_REGION: 'Bavaria' })).toEqual([
      expect.stringMatching(/^STUDIO_REGION must be a state or union territory of India .* \(got "Bavaria"\)$/),
    ]);
    // 27: Maharashtra, the studio's state unless STUDIO_REGION says otherwise.
    expect(problemsOf({ STUDIO_GSTIN: '27AAPFU0939F1ZV' })).toEqual([]);
    expect(problemsOf({ STUDIO_GSTIN: '27AAPFU0939F1ZV', STUDIO_REGION: 'tamil nadu' })).toEqual([
      "STUDIO_GSTIN is registered in Maharashtra (its first two digits, 27), but the studio is in tamil nadu (STUDIO_REGION): set the GSTIN of the studio's own state, or its state",
    ]);
    expect(parseEnv({ STUDIO_REGION: 'Tamil Nadu' }).STUDIO_REGION).toBe('Tamil Nadu');
  });

  it('refuses bad values with one clear line each', () => {
    let caught: unknown;
    try {
      parseEnv({ SITE_URL: 'studio.example', PORT: '70000', GTM_ID: 'UA-1', STUDIO_WHATSAPP: '+91 98765 43210' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/SITE_URL must be an absolute URL/);
    expect(problems.join('\n')).toMatch(/PORT must be a whole number from 1 to 65535/);
    expect(problems.join('\n')).toMatch(/GTM_ID must be/);
    expect(problems.join('\n')).toMatch(/STUDIO_WHATSAPP must be/);
  });

  it('is documented in .env.example, variable by variable', () => {
    const example = readFileSync('.env.example', 'utf8');
    for (const { name } of envDocs) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});
