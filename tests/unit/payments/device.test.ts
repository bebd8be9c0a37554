import { isMobileUserAgent, mobilePlatform, prefersQrModal } from '@/lib/payments/device';

const agents = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

describe('the device rule', () => {
  it('calls a device mobile when its user agent contains iPhone, iPad, iPod or Android', () => {
    expect(isMobileUserAgent(agents.android)).toBe(true);
    expect(isMobileUserAgent(agents.iphone)).toBe(true);
    expect(isMobileUserAgent(agents.ipad)).toBe(true);
    expect(isMobileUserAgent(agents.ipod)).toBe(true);
  });

  it('calls desktop browsers not mobile', () => {
    expect(isMobileUserAgent(agents.windows)).toBe(false);
    expect(isMobileUserAgent(agents.mac)).toBe(false);
    expect(isMobileUserAgent(agents.linux)).toBe(false);
    expect(isMobileUserAgent('')).toBe(false);
  });

  it('tells Android from iOS for the app links', () => {
    expect(mobilePlatform(agents.android)).toBe('android');
    expect(mobilePlatform(agents.iphone)).toBe('ios');
    expect(mobilePlatform(agents.ipad)).toBe('ios');
    expect(mobilePlatform(agents.windows)).toBeUndefined();
  });

  it('opens the QR modal only in windows wider than 768 px', () => {
    expect(prefersQrModal(1280)).toBe(true);
    expect(prefersQrModal(769)).toBe(true);
    expect(prefersQrModal(768)).toBe(false);
    expect(prefersQrModal(375)).toBe(false);
  });
});
