import { Button } from '@yardsale/ui';
import { CircleHelpIcon } from 'lucide-react';
import { useId, useState } from 'react';

const TIPS = [
  'Pick a conversation to read it; new messages appear as they arrive.',
  'Press Enter to send, Shift+Enter for a new line.',
  'Messages marked New are unread; they count as read a few seconds after you see them.',
  'You can delete your own messages, and remove a conversation from your list.',
  'Meet in a public place and check an item before you pay.',
] as const;

/** A short how-to for the Messages screen, closed by default. */
export function QuickGuide() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpen(false);
      }}
    >
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <CircleHelpIcon aria-hidden="true" />
        {open ? 'Hide quick guide' : 'Quick guide'}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="z-30 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-xl border bg-card p-4 text-sm shadow-float sm:absolute sm:right-0"
      >
        <p className="mb-2 font-semibold">Quick guide</p>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
