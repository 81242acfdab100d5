import { ExternalLinkIcon } from 'lucide-react';

/**
 * Links that open the route in Google Maps and Apple Maps; a long route is split into legs, as the
 * maps apps take only so many stops at a time.
 */
export function DirectionsLinks({ google, apple }: { google: string[]; apple: string[] }) {
  const linkClass =
    'inline-flex h-10 items-center justify-center gap-2 rounded-lg border bg-card px-4 text-sm font-semibold shadow-xs hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none';
  const apps = [
    { name: 'Google Maps', urls: google },
    { name: 'Apple Maps', urls: apple },
  ];
  return (
    <div className="grid gap-3 rounded-2xl border bg-card p-4 shadow-card">
      <h3 className="font-semibold">Directions</h3>
      {google.length > 1 || apple.length > 1 ? (
        <p className="text-sm text-muted-foreground">
          The maps apps take a limited number of stops at a time, so the drive is split into legs;
          each starts where the last one ended.
        </p>
      ) : null}
      {apps.map(({ name, urls }) => (
        <div key={name} className="flex flex-wrap gap-2">
          {urls.map((url, index) => (
            <a key={url} href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <ExternalLinkIcon aria-hidden="true" className="size-4" />
              {urls.length > 1 && index > 0
                ? `Leg ${String(index + 1)} of ${String(urls.length)}`
                : `Open in ${name}`}
              {urls.length > 1 && index === 0 ? (
                <span className="font-normal text-muted-foreground">
                  {` · Leg 1 of ${String(urls.length)}`}
                </span>
              ) : null}
              {urls.length > 1 && index > 0 ? <span className="sr-only"> in {name}</span> : null}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ))}
        </div>
      ))}
    </div>
  );
}
