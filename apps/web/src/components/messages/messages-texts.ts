/** The Messages screen's words (docs/product/screens.md#messages, texts.md). */
export const MESSAGES_TEXTS = {
  signedOut: 'Please log in to view your messages',
  sendFailedTitle: 'Failed to send message',
  sendFailedDescription: 'Please try again',
  conversationDeleted: 'Conversation deleted',
  conversationDeleteFailed: 'Couldn’t delete conversation',
  messageDeleteFailed: 'Couldn’t delete message',
  deleteMessageTitle: 'Delete this message?',
  deleteMessageDescription: (name: string) =>
    `It will be removed for you and for ${name}. This cannot be undone.`,
  deleteMessageConfirm: 'Delete message',
  reconnecting: 'Reconnecting…',
  backToConversations: 'Back to conversations',
  deleteConversation: 'Delete conversation',
  deleteConversationTitle: 'Delete this conversation?',
  deleteConversationDescription: (name: string) =>
    `It will be removed from your messages. ${name} keeps their copy, and a new message brings it back.`,
  deleteMessage: 'Delete message',
  composerLabel: 'Message',
  composerPlaceholder: 'Write a message…',
  send: 'Send message',
  statusSending: 'Sending…',
  statusRead: 'Read',
  statusSent: 'Sent',
  you: 'You',
  priceRangeLabel: 'Price range:',
  readOnly: 'Announcements from the YardSale Team are read-only.',
} as const;
