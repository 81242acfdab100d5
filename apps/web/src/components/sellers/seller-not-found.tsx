import { Link } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import { ArrowLeftIcon, UserRoundXIcon } from 'lucide-react';

import { SELLER_TEXTS } from '../listings/listing-texts';

export function SellerNotFound() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <UserRoundXIcon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-display text-3xl font-bold tracking-tight">
        {SELLER_TEXTS.notFoundTitle}
      </h1>
      <p className="mt-3 text-pretty text-muted-foreground">{SELLER_TEXTS.notFoundDescription}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/home">
          <ArrowLeftIcon aria-hidden="true" />
          {SELLER_TEXTS.goBack}
        </Link>
      </Button>
    </section>
  );
}
