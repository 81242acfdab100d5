import { Button, Card, Input, Label, NativeSelect } from '@yardsale/ui';
import { CATEGORIES } from '@yardsale/validators';
import type { Category } from '@yardsale/validators';
import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/** Typing settles this long before the search runs, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 250;

interface ListingFiltersProps {
  search: string | undefined;
  category: Category | undefined;
  onSearchChange: (search: string) => void;
  onCategoryChange: (category: Category | undefined) => void;
  /** Under the fields: what can be done with this search (save it). */
  footer?: ReactNode;
}

/**
 * Search and category, applied as the person types or picks (docs/product/screens.md#home:
 * filtering is live; submitting the form only keeps the page from reloading).
 */
export function ListingFilters({
  search,
  category,
  onSearchChange,
  onCategoryChange,
  footer,
}: ListingFiltersProps) {
  const fromAddress = search ?? '';
  const [text, setText] = useState(fromAddress);
  // What this box last sent; a different value arriving from the address (the back button) replaces the text.
  const [sent, setSent] = useState(fromAddress);
  const [seenAddress, setSeenAddress] = useState(fromAddress);
  if (fromAddress !== seenAddress) {
    setSeenAddress(fromAddress);
    if (fromAddress !== sent) {
      setSent(fromAddress);
      setText(fromAddress);
    }
  }

  useEffect(() => {
    const next = text.trim();
    if (next === sent) return;
    const timer = setTimeout(() => {
      setSent(next);
      onSearchChange(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, sent, onSearchChange]);

  const filtered = Boolean(text.trim()) || category !== undefined;

  return (
    <Card id="home-search" className="justify-center p-1.5 sm:p-3">
      <h2 id="home-search-heading" className="sr-only">
        Search and filter
      </h2>
      <form
        role="search"
        aria-label="Listings"
        onSubmit={(event) => event.preventDefault()}
        // On phones the box and the category share a line, their labels kept for screen readers:
        // the placeholder and "All categories" say what each is.
        className="flex flex-wrap items-end gap-2 sm:flex-nowrap sm:gap-3"
      >
        <div className="grid min-w-0 flex-1 basis-40 gap-1.5">
          <Label htmlFor="home-search-input" className="sr-only sm:not-sr-only">
            Search
          </Label>
          <div className="relative">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="home-search-input"
              type="search"
              inputMode="search"
              enterKeyHint="search"
              autoComplete="off"
              placeholder="Try “bike” or “dresser”"
              value={text}
              onChange={(event) => setText(event.target.value)}
              className="h-11! pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
            />
            {text ? (
              <button
                type="button"
                aria-label="Clear search"
                onClick={() => setText('')}
                className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <XIcon aria-hidden="true" className="size-4" />
              </button>
            ) : null}
          </div>
        </div>
        <div className="grid w-[9.5rem] gap-1.5 sm:w-56">
          <Label htmlFor="home-category" className="sr-only sm:not-sr-only">
            Category
          </Label>
          <NativeSelect
            id="home-category"
            value={category ?? ''}
            onChange={(event) => {
              const value = CATEGORIES.find((c) => c === event.target.value);
              onCategoryChange(value);
            }}
            className="h-11!"
          >
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </div>
        {filtered ? (
          <Button
            type="button"
            variant="ghost"
            className="h-11! self-start sm:self-auto"
            onClick={() => {
              setText('');
              onCategoryChange(undefined);
            }}
          >
            <XIcon aria-hidden="true" />
            Clear
          </Button>
        ) : null}
      </form>
      {footer}
    </Card>
  );
}
