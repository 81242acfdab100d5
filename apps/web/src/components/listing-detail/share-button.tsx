import { Button, toast } from '@yardsale/ui';
import { Share2Icon } from 'lucide-react';

/** The texts for sharing (docs/product/texts.md). */
const SHARE_TEXTS = {
  copiedTitle: 'Link copied!',
  failedTitle: 'Share failed',
  failedDescription: 'Unable to share this listing. Please copy the URL manually.',
} as const;

/** Copies the listing's address to the clipboard (docs/product/screens.md#listing-detail). */
export function ShareButton({ listingId }: { listingId: number }) {
  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/listing/${listingId}`);
      toast({ variant: 'success', title: SHARE_TEXTS.copiedTitle });
    } catch {
      toast({
        variant: 'destructive',
        title: SHARE_TEXTS.failedTitle,
        description: SHARE_TEXTS.failedDescription,
      });
    }
  };
  return (
    <Button type="button" variant="outline" onClick={() => void share()}>
      <Share2Icon aria-hidden="true" />
      Share
    </Button>
  );
}
