import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, toast } from '@yardsale/ui';
import { UI_TEXT } from '@yardsale/validators';
import { DownloadIcon } from 'lucide-react';

import { serverMessage } from '../../lib/errors';
import { downloadFile } from '../../lib/upload';
import { IconCardHeader } from '../layout/icon-card-header';

const M = UI_TEXT.dataExport;

/** Settings' "Download your data": a zip of everything YardSale holds about the person (decision 069). */
export function DataExportCard() {
  const download = useMutation({
    mutationFn: () => downloadFile('/api/user/export', M.failedFallback, 'yardsale-export.zip'),
    onSuccess: () => {
      toast({ variant: 'success', title: M.startedTitle, description: M.startedDescription });
    },
  });

  return (
    <Card>
      <IconCardHeader
        icon={DownloadIcon}
        title={M.title}
        titleId="data-export-heading"
        description={M.description}
      />
      <CardContent className="grid justify-items-start gap-3">
        <Button
          variant="outline"
          loading={download.isPending}
          onClick={() => download.mutate()}
          aria-describedby={download.isError ? 'data-export-problem' : undefined}
        >
          {download.isPending ? null : <DownloadIcon aria-hidden="true" />}
          {download.isPending ? M.preparing : M.button}
        </Button>
        {/* Stays until the next try: a refusal says when downloading works again. */}
        {download.isError ? (
          <p id="data-export-problem" role="alert" className="text-sm text-destructive">
            {serverMessage(download.error) ?? M.failedFallback}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
