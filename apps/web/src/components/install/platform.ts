export type AppleMobileDevice = 'iPhone' | 'iPad' | 'iPod';

/**
 * The Apple phone or tablet this is, or null elsewhere. Their browsers have no install event:
 * installing goes through Safari's Share menu. iPadOS presents itself as a Mac with a touch screen.
 */
export function appleMobileDevice(
  userAgent: string,
  maxTouchPoints: number,
): AppleMobileDevice | null {
  const named = /iPhone|iPad|iPod/.exec(userAgent)?.[0];
  if (named === 'iPhone' || named === 'iPad' || named === 'iPod') return named;
  if (userAgent.includes('Macintosh') && maxTouchPoints > 1) return 'iPad';
  return null;
}
