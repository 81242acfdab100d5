import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  NativeSelect,
  Textarea,
  cn,
  toast,
} from '@yardsale/ui';
import {
  UI_TEXT,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_DESCRIPTION_MAX_LENGTH,
} from '@yardsale/validators';
import { CircleAlertIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';

import { applyServerFieldErrors, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import type { ReportFormFields, ReportFormValues } from './report-form-rules';

function loadRules() {
  return import('./report-form-rules');
}

// The form's rules (zod) load with the dialog, not with the listing page: most visitors never
// report anything.
const resolver: Resolver<ReportFormFields, unknown, ReportFormValues> = async (
  values,
  context,
  options,
) => (await loadRules()).reportFormResolver(values, context, options);

const EMPTY: ReportFormFields = { category: '', description: '' };

export interface ReportTarget {
  listingId: number;
  listingTitle: string;
  sellerId: number;
  sellerName: string;
}

/**
 * The report dialog. Its form stays mounted while the dialog is closed, so closing and reopening
 * it, or a refused submit, never loses what was written.
 */
export default function ReportDialog({
  open,
  onOpenChange,
  reportButton,
  ...target
}: ReportTarget & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back there on closing: the dialog is opened from code, not by a Radix trigger. */
  reportButton: RefObject<HTMLButtonElement | null>;
}) {
  // Said inside the dialog too: while it is open, the page behind it (toasts included) is hidden
  // from screen readers.
  const [refusal, setRefusal] = useState<string | null>(null);
  // Ready before the first check: the dialog is open the moment it has loaded.
  useEffect(() => {
    void loadRules();
  }, []);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setRefusal(null);
      }}
    >
      <ReportForm
        {...target}
        refusal={refusal}
        onRefused={setRefusal}
        onSent={() => onOpenChange(false)}
        reportButton={reportButton}
      />
    </Dialog>
  );
}

/** Mounted open or not; the dialog's content shows only while it is open. */
function ReportForm({
  listingId,
  listingTitle,
  sellerId,
  sellerName,
  refusal,
  onRefused,
  onSent,
  reportButton,
}: ReportTarget & {
  refusal: string | null;
  onRefused: (message: string | null) => void;
  onSent: () => void;
  reportButton: RefObject<HTMLButtonElement | null>;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.reports.create.mutationOptions());
  const form = useForm<ReportFormFields, unknown, ReportFormValues>({
    resolver,
    defaultValues: EMPTY,
  });
  const description = useWatch({ control: form.control, name: 'description' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    onRefused(null);
    try {
      await create.mutateAsync({ reportedUserId: sellerId, listingId, ...values });
      form.reset(EMPTY);
      onSent();
      toast({
        variant: 'success',
        title: UI_TEXT.report.submittedTitle,
        description: UI_TEXT.report.submittedDescription,
      });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['category', 'description']);
      const message = serverMessage(error) ?? UI_TEXT.report.failedFallback;
      onRefused(message);
      toast({ variant: 'destructive', title: UI_TEXT.report.failedTitle, description: message });
    }
  });

  return (
    <DialogContent
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        reportButton.current?.focus();
      }}
    >
      <DialogHeader>
        <DialogTitle>Report this listing</DialogTitle>
        <DialogDescription>
          Tell the YardSale team what is wrong with &ldquo;{listingTitle}&rdquo; by {sellerName}.
          Your report is private: the seller is not told who sent it.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Report">
        <FormField id="report-category" label="Category" required error={errors.category?.message}>
          <NativeSelect {...form.register('category')}>
            <option value="" disabled>
              Choose a category
            </option>
            {REPORT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {REPORT_CATEGORY_LABELS[category]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="grid gap-1.5">
          <FormField
            id="report-description"
            label="Description"
            required
            error={errors.description?.message}
          >
            <Textarea
              rows={5}
              aria-describedby="report-description-hint"
              placeholder="For example: the seller asked for payment before meeting and then stopped answering."
              {...form.register('description')}
            />
          </FormField>
          <div
            id="report-description-hint"
            className="flex items-start justify-between gap-3 text-sm text-muted-foreground"
          >
            <p>What happened? Details help the team act quickly.</p>
            <p
              className={cn(
                'shrink-0 text-xs tabular-nums',
                description.length > REPORT_DESCRIPTION_MAX_LENGTH &&
                  'font-medium text-destructive',
              )}
            >
              {description.length}/{REPORT_DESCRIPTION_MAX_LENGTH}
            </p>
          </div>
        </div>
        {refusal ? (
          <p
            role="alert"
            className="flex gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900"
          >
            <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
            {refusal}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" loading={isSubmitting}>
            {isSubmitting ? 'Submitting…' : 'Submit Report'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
