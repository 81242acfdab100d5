import { Link } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';
import { XIcon } from 'lucide-react';

import { formatSaleDays } from '../listings/listing-format';

/** Sales in the route that the plan leaves out (another day, no place on the map), each removable. */
export function LeftOut({
  title,
  note,
  sales,
  onRemove,
}: {
  title: string;
  note: string;
  sales: readonly ListingSummary[];
  onRemove: (id: number) => void;
}) {
  if (sales.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-2xl border border-dashed p-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{note}</p>
      <ul className="grid gap-2">
        {sales.map((sale) => (
          <li key={sale.id} className="flex items-center justify-between gap-2 text-sm">
            <Link
              to="/listing/$id"
              params={{ id: String(sale.id) }}
              className="min-w-0 font-medium wrap-anywhere hover:underline"
            >
              {sale.title}
              {sale.startDate ? (
                <span className="font-normal text-muted-foreground">
                  {' '}
                  · {formatSaleDays(sale.startDate, sale.endDate)}
                </span>
              ) : null}
            </Link>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => onRemove(sale.id)}
              aria-label={`Remove ${sale.title} from my route`}
            >
              <XIcon aria-hidden="true" />
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
