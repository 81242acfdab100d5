import { describe, expect, it } from 'vitest';

import {
  confirmMessage,
  threadMessages,
  withMessage,
  withOptimisticMessage,
  withReadUpTo,
  withoutMessage,
} from './conversation-cache';
import type { MessagePage, MessagePages, ThreadMessage } from './conversation-cache';

const ME = 7;
const OTHER = 9;
const at = new Date('2026-05-02T10:00:00Z');

function message(id: number, content: string, senderId = ME): ThreadMessage {
  return { id, conversationId: 1, senderId, content, isRead: false, createdAt: at };
}

function page(...items: ThreadMessage[]): MessagePage {
  return { items, nextCursor: null };
}

/** One page, as a thread opens. */
function thread(...items: ThreadMessage[]): MessagePages {
  return { pages: [page(...items)], pageParams: [null] };
}

/** Newest page first, as the thread has them after reaching back. */
function pages(...newestFirst: MessagePage[]): MessagePages {
  return {
    pages: newestFirst.map((p, index) => ({
      ...p,
      nextCursor: newestFirst[index + 1] ? (p.items[0]?.id ?? null) : null,
    })),
    pageParams: newestFirst.map((p, index) => (index === 0 ? null : (p.items.at(-1)?.id ?? 0) + 1)),
  };
}

function ids(data: MessagePages): number[] {
  return threadMessages(data).map((item) => item.id);
}

describe('the optimistic message and the live event', () => {
  it('shows a sent message once when the event arrives before the send answers', () => {
    const sending = thread(message(1, 'Hi'), message(-1, 'Still for sale?'));
    const afterEvent = withMessage(sending, message(2, 'Still for sale?'), ME);
    const afterAnswer = confirmMessage(afterEvent, -1, message(2, 'Still for sale?'));
    expect(ids(afterAnswer)).toEqual([1, 2]);
  });

  it('shows a sent message once when the send answers before the event', () => {
    const sending = thread(message(-1, 'Still for sale?'));
    const afterAnswer = confirmMessage(sending, -1, message(2, 'Still for sale?'));
    const afterEvent = withMessage(afterAnswer, message(2, 'Still for sale?'), ME);
    expect(ids(afterEvent)).toEqual([2]);
  });

  it('appends the other party’s message, once', () => {
    const once = withMessage(thread(message(1, 'Hi')), message(3, 'Hi', OTHER), ME);
    expect(ids(withMessage(once, message(3, 'Hi', OTHER), ME))).toEqual([1, 3]);
  });
});

describe('a thread reaching back over several pages', () => {
  const loaded = pages(
    page(message(5, 'e', OTHER), message(6, 'f')),
    page(message(3, 'c', OTHER), message(4, 'd')),
    page(message(1, 'a', OTHER), message(2, 'b')),
  );

  it('shows every loaded message once, oldest first', () => {
    expect(ids(loaded)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('puts live, optimistic and confirmed messages on the newest page, after everything else', () => {
    const live = withMessage(loaded, message(7, 'g', OTHER), ME);
    const sending = withOptimisticMessage(live, message(-1, 'h'));
    const sent = confirmMessage(sending, -1, message(8, 'h'));
    expect(ids(sent)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sent.pages[0]?.items.map((item) => item.id)).toEqual([5, 6, 7, 8]);
    // The older pages and their cursors are untouched.
    expect(sent.pages.slice(1)).toEqual(loaded.pages.slice(1));
    expect(sent.pageParams).toEqual(loaded.pageParams);
  });

  it('does not add again a message an older page already holds', () => {
    expect(withMessage(loaded, message(3, 'c', OTHER), ME)).toBe(loaded);
  });

  it('removes a deleted message from whichever page holds it', () => {
    expect(ids(withoutMessage(loaded, 2))).toEqual([1, 3, 4, 5, 6]);
    expect(ids(withoutMessage(loaded, 6))).toEqual([1, 2, 3, 4, 5]);
  });

  it('marks read, on every page, the messages up to the one named', () => {
    const read = withReadUpTo(loaded, 4);
    expect(threadMessages(read).map((item) => [item.id, item.isRead])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
      [5, false],
      [6, false],
    ]);
  });
});
