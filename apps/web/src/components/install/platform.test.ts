import { describe, expect, it } from 'vitest';

import { appleMobileDevice } from './platform';

describe('appleMobileDevice', () => {
  it('names iPhones and iPads from their user agent', () => {
    expect(
      appleMobileDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        5,
      ),
    ).toBe('iPhone');
    expect(
      appleMobileDevice(
        'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
        5,
      ),
    ).toBe('iPad');
  });

  it('recognises an iPad that presents itself as a Mac by its touch screen', () => {
    const desktopSafari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    expect(appleMobileDevice(desktopSafari, 5)).toBe('iPad');
    expect(appleMobileDevice(desktopSafari, 0)).toBeNull();
  });

  it('leaves Android and desktop browsers to the install event', () => {
    expect(
      appleMobileDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
        5,
      ),
    ).toBeNull();
    expect(
      appleMobileDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
        0,
      ),
    ).toBeNull();
  });
});
