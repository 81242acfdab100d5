import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, ConfirmDialog, toast } from '@yardsale/ui';
import { UI_TEXT } from '@yardsale/validators';
import { CheckCircle2Icon, CopyXIcon } from 'lucide-react';
import { useState } from 'react';

import { formatClock } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { refusalMessage } from './admin-errors';

export function CleanupDuplicates() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ message: string; at: Date } | null>(null);
  const cleanup = useMutation(
    trpc.admin.cleanupDuplicates.mutationOptions({
      onSuccess: async (answer) => {
        setConfirming(false);
        setResult({ message: answer.message, at: new Date() });
        toast({
          variant: 'success',
          title: UI_TEXT.cleanup.doneTitle,
          description: answer.message,
        });
        // Removed listings leave browse results, and reports may lose their listing.
        await Promise.all([
          queryClient.invalidateQueries(trpc.listings.pathFilter()),
          queryClient.invalidateQueries(trpc.admin.reports.pathFilter()),
        ]);
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          variant: 'destructive',
          title: UI_TEXT.cleanup.failedTitle,
          description: refusalMessage(error, UI_TEXT.cleanup.failedFallback),
        });
      },
    }),
  );

  return (
    <div className="grid gap-4">
      <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground marker:text-brand-400">
        <li>Looks at each seller&apos;s active listings.</li>
        <li>Same type, title and address (and date, for garage sales) count as copies.</li>
        <li>The oldest copy stays; the others are deleted with their photos and chats.</li>
      </ul>
      {result ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-pine-50 px-3 py-2.5 text-sm font-medium text-pine-800 ring-1 ring-pine-700/20 ring-inset"
        >
          <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {result.message}{' '}
            <span className="font-normal text-pine-700">(at {formatClock(result.at)})</span>
          </span>
        </p>
      ) : null}
      <Button
        variant="outline"
        className="w-full sm:w-fit"
        loading={cleanup.isPending}
        onClick={() => setConfirming(true)}
      >
        <CopyXIcon aria-hidden="true" />
        Clean Up Duplicates
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove duplicate listings?"
        description="Every extra copy of a listing is deleted for good, with its photos, saves and conversations. The oldest copy of each stays."
        confirmLabel="Remove duplicates"
        destructive
        pending={cleanup.isPending}
        onConfirm={() => cleanup.mutate()}
      />
    </div>
  );
}
