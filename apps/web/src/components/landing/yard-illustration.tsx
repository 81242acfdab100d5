import { cn } from '@yardsale/ui';

// A file of its own (not inlined, not in the page's JavaScript): fetched alongside the code and
// cached with the other built files.
import yardSaleUrl from '../../assets/yard-sale.svg?no-inline';

/** A house with a yard sale out front: the landing page's hero picture. Decorative only. */
export function YardIllustration({ className }: { className?: string }) {
  return (
    <img
      src={yardSaleUrl}
      alt=""
      width={520}
      height={380}
      decoding="async"
      className={cn('h-auto w-full', className)}
    />
  );
}
