import * as AvatarPrimitive from '@radix-ui/react-avatar';
import type * as React from 'react';

import { cn } from '../lib/cn';

export function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn('relative flex shrink-0 overflow-hidden rounded-full bg-muted', className)}
      {...props}
    />
  );
}

export function AvatarImage({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

export function AvatarFallback({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 select-none',
        className,
      )}
      {...props}
    />
  );
}

const userAvatarSizes = {
  xs: 'size-7 text-xs',
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl',
  /** The profile page's own photo. */
  '2xl': 'size-28 text-5xl sm:size-32',
} as const;

export type UserAvatarSize = keyof typeof userAvatarSizes;

export interface UserAvatarProps {
  src?: string | null;
  /** The person's full name: the image's alt text and the source of the fallback letter. */
  name: string;
  /** Replaces the fallback letter, e.g. 'YS' for the YardSale Team. */
  initials?: string;
  size?: UserAvatarSize;
  /** A thick ring in the card's colour, for a photo that overlaps a cover or banner. */
  framed?: boolean;
  className?: string;
}

/** Profile photo, or the first letter of the first name when there is none or it fails to load. */
export function UserAvatar({
  src,
  name,
  initials,
  size = 'md',
  framed = false,
  className,
}: UserAvatarProps) {
  const letters = initials ?? (name.trim().charAt(0).toUpperCase() || '?');
  return (
    <Avatar
      className={cn(
        userAvatarSizes[size],
        framed ? 'ring-4 ring-card' : 'ring-1 ring-black/5',
        className,
      )}
    >
      {src ? <AvatarImage src={src} alt={name} /> : null}
      {/* The letter alone would be read as "J"; the name is what a listener needs. */}
      <AvatarFallback role="img" aria-label={name}>
        <span
          aria-hidden="true"
          className={initials && initials.length > 1 ? 'text-[0.8em]' : undefined}
        >
          {letters}
        </span>
      </AvatarFallback>
    </Avatar>
  );
}
