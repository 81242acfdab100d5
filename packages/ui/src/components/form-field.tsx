import * as React from 'react';

import { cn } from '../lib/cn';
import { Label } from './label';

/** The props FormField sets on its control; any input-like component accepts them. */
export interface FormControlProps {
  id?: string;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: React.AriaAttributes['aria-required'];
}

interface FormFieldBaseProps {
  label: string;
  error?: string;
  description?: string;
  required?: boolean;
  className?: string;
  /** A single control (Input, Textarea, NativeSelect, Checkbox...); it receives the id and ARIA links. */
  children: React.ReactElement<FormControlProps>;
}

/** The control's id may be given as `id` or, like a <label>, as `htmlFor`. */
export type FormFieldProps = FormFieldBaseProps &
  ({ id: string; htmlFor?: string } | { htmlFor: string; id?: string });

/**
 * Label, control, help text and error wired together: the label targets the control,
 * and the control's aria-describedby names the error first so it is read first.
 */
export function FormField({
  label,
  error,
  description,
  required = false,
  className,
  children,
  ...ids
}: FormFieldProps) {
  const controlId = ids.id ?? ids.htmlFor ?? '';
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const childProps = children.props;

  const describedBy =
    [errorId, descriptionId, childProps['aria-describedby']].filter(Boolean).join(' ') || undefined;

  const control = React.cloneElement(children, {
    id: controlId,
    'aria-invalid': error ? true : childProps['aria-invalid'],
    'aria-describedby': describedBy,
    'aria-required': required ? true : childProps['aria-required'],
  });

  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>
        <span>
          {label}
          {required ? (
            // The control itself carries aria-required; the asterisk is visual only.
            <span aria-hidden="true" className="ml-0.5 text-destructive">
              *
            </span>
          ) : null}
        </span>
      </Label>
      {control}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
