import { describe, expect, it } from 'vitest';

import { confirmMessage, withMessage } from './conversation-cache';
import type { MessagePage, ThreadMessage } from './conversation-cache';

const ME = 7;
const at = new Date('2026-05-02T10:00:00Z');

function message(id: number, content: string, senderId = ME): ThreadMessage {
  return { id, conversationId: 1, senderId, content, isRead: false, createdAt: at };
}

function page(...items: ThreadMessage[]): MessagePage {
  return { items, nextCursor: null };
}

describe('the optimistic message and the live event', () => {
  it('shows a sent message once when the event arrives before the send answers', () => {
    const sending = page(message(1, 'Hi'), message(-1, 'Still for sale?'));
    const afterEvent = withMessage(sending, message(2, 'Still for sale?'), ME);
    const afterAnswer = confirmMessage(afterEvent, -1, message(2, 'Still for sale?'));
    expect(afterAnswer.items.map((item) => item.id)).toEqual([1, 2]);
  });

  it('shows a sent message once when the send answers before the event', () => {
    const sending = page(message(-1, 'Still for sale?'));
    const afterAnswer = confirmMessage(sending, -1, message(2, 'Still for sale?'));
    const afterEvent = withMessage(afterAnswer, message(2, 'Still for sale?'), ME);
    expect(afterEvent.items.map((item) => item.id)).toEqual([2]);
  });

  it('appends the other party’s message, once', () => {
    const once = withMessage(page(message(1, 'Hi')), message(3, 'Hi', 9), ME);
    expect(withMessage(once, message(3, 'Hi', 9), ME).items.map((item) => item.id)).toEqual([1, 3]);
  });
});
