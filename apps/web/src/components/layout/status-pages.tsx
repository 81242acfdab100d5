import { useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import { RefreshCwIcon } from 'lucide-react';

// The error page is in every first visit's code: it must show when a screen's code fails to load.
export function PageError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center"
    >
      <h1 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
        We couldn&apos;t load this page
      </h1>
      <p className="mt-3 text-pretty text-muted-foreground">
        Check your connection and try again. If it keeps happening, YardSale may be having a moment:
        please come back shortly.
      </p>
      <Button
        size="lg"
        className="mt-8"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <RefreshCwIcon aria-hidden="true" />
        Try again
      </Button>
    </section>
  );
}
