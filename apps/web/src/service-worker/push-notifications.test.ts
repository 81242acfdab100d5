import { describe, expect, it } from 'vitest';

import {
  NOTIFICATION_ICON,
  appPath,
  chooseWindow,
  clickedPath,
  notificationFromPush,
} from './push-notifications';

const ORIGIN = 'https://yardsale.example';
const data = (text: string) => ({ text: () => text });

describe('the notification a push shows', () => {
  it('takes title, body and tag from the server’s payload, with the app icon and the click’s page', () => {
    const shown = notificationFromPush(
      data(
        JSON.stringify({
          title: 'New message from Priya R.',
          body: 'Is the chair still available?',
          url: '/messages?conversation=7',
          tag: 'message:41',
          listingId: 12,
          conversationId: 7,
        }),
      ),
    );
    expect(shown).toEqual({
      title: 'New message from Priya R.',
      options: {
        body: 'Is the chair still available?',
        icon: NOTIFICATION_ICON,
        tag: 'message:41',
        data: { url: '/messages?conversation=7', listingId: 12, conversationId: 7 },
      },
    });
  });

  it('still shows something for a push without data or with data it cannot read', () => {
    for (const pushed of [null, data('not json'), data('[1,2]'), data('{"title":""}')]) {
      const shown = notificationFromPush(pushed);
      expect(shown.title).toBe('YardSale');
      expect(shown.options.body).toBe('Something new is waiting for you on YardSale.');
      expect(shown.options).not.toHaveProperty('tag');
      expect(shown.options.data).toEqual({ url: null, listingId: null, conversationId: null });
    }
  });

  it('drops fields of the wrong type instead of showing them', () => {
    const shown = notificationFromPush(
      data(JSON.stringify({ title: 'Hi', body: 5, url: 7, tag: {}, listingId: '3' })),
    );
    expect(shown.title).toBe('Hi');
    expect(shown.options.body).toBe('');
    expect(shown.options).not.toHaveProperty('tag');
    expect(shown.options.data).toEqual({ url: null, listingId: null, conversationId: null });
  });
});

describe('the page a click opens', () => {
  it('is a path on the app’s own origin, query and fragment kept', () => {
    expect(appPath('/messages?conversation=7', ORIGIN)).toBe('/messages?conversation=7');
    expect(appPath('/listing/3#photos', ORIGIN)).toBe('/listing/3#photos');
    expect(clickedPath({ url: '/home' }, ORIGIN)).toBe('/home');
  });

  it('is nothing for another site, another scheme or a protocol-relative address', () => {
    for (const url of [
      'https://evil.example/home',
      '//evil.example/home',
      '/\\evil.example/home',
      'javascript:alert(1)',
      'messages',
      '',
      42,
      null,
    ]) {
      expect(appPath(url, ORIGIN)).toBeNull();
    }
    expect(clickedPath(null, ORIGIN)).toBeNull();
    expect(clickedPath('/home', ORIGIN)).toBeNull();
  });
});

describe('the window a click brings forward', () => {
  const hidden = { name: 'hidden', focused: false, visibilityState: 'hidden' };
  const visible = { name: 'visible', focused: false, visibilityState: 'visible' };
  const focused = { name: 'focused', focused: true, visibilityState: 'visible' };

  it('is the focused one, else one on screen, else any, else none', () => {
    expect(chooseWindow([hidden, visible, focused])?.name).toBe('focused');
    expect(chooseWindow([hidden, visible])?.name).toBe('visible');
    expect(chooseWindow([hidden])?.name).toBe('hidden');
    expect(chooseWindow([])).toBeUndefined();
  });
});
