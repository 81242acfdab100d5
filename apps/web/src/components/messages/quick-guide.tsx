import { Button } from '@yardsale/ui';
import { CircleHelpIcon, XIcon } from 'lucide-react';

const TIPS = [
  'Pick a conversation to read it; new messages appear as they arrive.',
  'Press Enter to send, Shift+Enter for a new line.',
  'Messages marked New are unread; they count as read a few seconds after you see them.',
  'You can delete your own messages, and remove a conversation from your list.',
  'Meet in a public place and check an item before you pay.',
] as const;

/** Opens and closes the Messages screen's short how-to, closed by default. */
export function QuickGuideToggle({
  open,
  panelId,
  onOpenChange,
}: {
  open: boolean;
  panelId: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => onOpenChange(!open)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) onOpenChange(false);
      }}
    >
      <CircleHelpIcon aria-hidden="true" />
      {open ? 'Hide quick guide' : 'Quick guide'}
    </Button>
  );
}

/**
 * The how-to itself, in the page's flow above the conversations: laid over them it hid the open
 * thread and its Delete conversation button.
 */
export function QuickGuidePanel({
  open,
  id,
  onOpenChange,
}: {
  open: boolean;
  id: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <section
      id={id}
      hidden={!open}
      aria-labelledby={`${id}-title`}
      className="relative mb-4 rounded-xl border bg-card p-4 pr-12 text-sm shadow-xs"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onOpenChange(false);
      }}
    >
      <h2 id={`${id}-title`} className="mb-2 font-semibold">
        Quick guide
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-muted-foreground md:columns-2 md:gap-8">
        {TIPS.map((tip) => (
          <li key={tip} className="break-inside-avoid">
            {tip}
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2"
        aria-label="Hide quick guide"
        onClick={() => onOpenChange(false)}
      >
        <XIcon aria-hidden="true" className="size-4" />
      </Button>
    </section>
  );
}
