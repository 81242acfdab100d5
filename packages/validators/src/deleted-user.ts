/**
 * A deleted account keeps its row as a tombstone under this name and an address nobody can own.
 * In a module of its own: the screens that show the name (messages, on every page) need only this.
 */
export const DELETED_USER = {
  firstName: 'Deleted',
  lastName: 'user',
  displayName: 'Deleted user',
  /** `.invalid` is reserved (RFC 2606): no mail is ever delivered there. */
  email: (id: number) => `deleted-${id}@deleted.invalid`,
} as const;
