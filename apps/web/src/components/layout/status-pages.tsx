import { useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import { RefreshCwIcon } from 'lucide-react';
import { useEffect } from 'react';

import { isServerUnreachable, whenServerAnswers } from '../../lib/server-reachability';

// The error page is in every first visit's code: it must show when a screen's code fails to load.
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  // The server could not be reached: the page loads by itself once it answers again.
  const unreachable = isServerUnreachable(error);

  useEffect(() => {
    if (!unreachable) return;
    let current = true;
    void whenServerAnswers().then(() => {
      if (!current) return;
      reset();
      void router.invalidate();
    });
    return () => {
      current = false;
    };
  }, [unreachable, reset, router]);

  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center"
    >
      <h1 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
        {unreachable ? 'We can’t reach YardSale right now' : 'We couldn’t load this page'}
      </h1>
      <p className="mt-3 text-pretty text-muted-foreground">
        {unreachable
          ? 'This page will load by itself as soon as YardSale answers again. If your connection dropped, it will too once you’re back online.'
          : 'Check your connection and try again. If it keeps happening, YardSale may be having a moment: please come back shortly.'}
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
