/**
 * A refusal that belongs to the whole form rather than one field (the server's sentence, or "fill
 * in every field"), announced as it appears. Renders nothing without a message.
 */
export function FormAlert({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-destructive"
    >
      {message}
    </p>
  );
}
