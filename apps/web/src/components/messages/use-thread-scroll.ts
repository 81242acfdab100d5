import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { ThreadMessage } from './conversation-cache';

/** Within this distance of the bottom, the reader is following along: new messages scroll in. */
const FOLLOWING_PX = 80;

/**
 * Where a thread is scrolled: it opens on the newest message, keeps the reader's place when older
 * messages arrive above, follows new ones while the reader is at the bottom, and otherwise holds
 * them behind a pill (`unseenBelow`, `showUnseen`).
 */
export function useThreadScroll(items: ThreadMessage[] | undefined, myId: number) {
  // Messages that arrived below while the reader is further up: the pill offers them.
  const [unseenBelow, setUnseenBelow] = useState(false);

  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // How far the bottom of the content lies below the top of the view (scrollHeight - scrollTop):
  // older messages added above leave it unchanged, so restoring it keeps the reader's place.
  const fromBottomRef = useRef(0);
  const shownRef = useRef<ThreadMessage[] | undefined>(undefined);

  const rememberPlace = useCallback(() => {
    const scroller = scrollerRef.current;
    if (scroller) fromBottomRef.current = scroller.scrollHeight - scroller.scrollTop;
  }, []);

  const scrollToNewest = useCallback(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  // Before the browser paints: older messages keep what was on screen in place; newer ones scroll
  // in when the reader is following along or wrote them, and otherwise wait behind the pill.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const before = shownRef.current;
    shownRef.current = items;
    if (!scroller || !items) return;
    const wasFollowing = fromBottomRef.current - scroller.clientHeight <= FOLLOWING_PX;
    const wasShown = (message: ThreadMessage) => before?.some((item) => item.id === message.id);
    const first = items[0];
    const last = items.at(-1);
    if (!before?.length) {
      scrollToNewest();
    } else {
      const previousFirst = before[0];
      if (first && previousFirst && !wasShown(first) && first.id < previousFirst.id) {
        scroller.scrollTop = scroller.scrollHeight - fromBottomRef.current;
      }
      if (last && !wasShown(last)) {
        if (last.senderId === myId || wasFollowing) {
          scrollToNewest();
          setUnseenBelow(false);
        } else {
          setUnseenBelow(true);
        }
      }
    }
    rememberPlace();
  }, [items, myId, rememberPlace, scrollToNewest]);

  // The view gets shorter when something appears under it (the push card above the composer, a
  // taller composer, a phone's keyboard): a reader following along keeps seeing the newest message.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let height = scroller.clientHeight;
    const observer = new ResizeObserver(() => {
      const before = height;
      height = scroller.clientHeight;
      if (fromBottomRef.current - before <= FOLLOWING_PX) scrollToNewest();
      rememberPlace();
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [rememberPlace, scrollToNewest]);

  const onScroll = () => {
    rememberPlace();
    const scroller = scrollerRef.current;
    if (unseenBelow && scroller && fromBottomRef.current - scroller.clientHeight <= FOLLOWING_PX) {
      setUnseenBelow(false);
    }
  };

  const showUnseen = () => {
    scrollToNewest();
    setUnseenBelow(false);
    // The pill goes away; keyboard and screen-reader users land on the messages, not the page top.
    listRef.current?.focus({ preventScroll: true });
  };

  return { scrollerRef, listRef, unseenBelow, onScroll, showUnseen };
}
