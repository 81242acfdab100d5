import { Checkbox, Label } from '@yardsale/ui';
import type { ReactNode, Ref } from 'react';

/** A checkbox with its label beside it, an optional hint and an error under it. */
export function CheckboxField({
  id,
  label,
  description,
  error,
  checked,
  onCheckedChange,
  onBlur,
  ref,
  name,
  required,
}: {
  id: string;
  label: ReactNode;
  description?: string;
  error?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
  name?: string;
  required?: boolean;
}) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          ref={ref}
          name={name}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={[errorId, descriptionId].filter(Boolean).join(' ') || undefined}
          className="mt-0.5"
        />
        <div className="grid gap-0.5">
          <Label htmlFor={id} className="block! leading-snug! font-normal!">
            {label}
          </Label>
          {description ? (
            <p id={descriptionId} className="text-xs text-muted-foreground">
              {description}
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
