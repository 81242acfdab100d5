export { cn } from './lib/cn';

export { Button, buttonVariants } from './components/button';
export type { ButtonProps } from './components/button';
export { Spinner, PageSpinner } from './components/spinner';
export type { SpinnerProps, SpinnerSize, PageSpinnerProps } from './components/spinner';

export { Input } from './components/input';
export { Textarea } from './components/textarea';
export { Label } from './components/label';
export { Checkbox } from './components/checkbox';
export { NativeSelect } from './components/native-select';
export { FormField } from './components/form-field';
export type { FormFieldProps, FormControlProps } from './components/form-field';

export {
  Card,
  CardHeader,
  CardTitle,
  CardDescription,
  CardContent,
  CardFooter,
} from './components/card';
export type { CardTitleProps } from './components/card';

export {
  Dialog,
  DialogTrigger,
  DialogPortal,
  DialogOverlay,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  DialogClose,
} from './components/dialog';
export type { DialogContentProps } from './components/dialog';
export { ConfirmDialog } from './components/confirm-dialog';
export type { ConfirmDialogProps } from './components/confirm-dialog';

export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuPortal,
} from './components/dropdown-menu';
export type { DropdownMenuItemProps } from './components/dropdown-menu';

export {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  toastVariants,
} from './components/toast';
export type { ToastActionElement, ToastProps, ToastVariant } from './components/toast';
export { Toaster } from './components/toaster';
export { toast, dismissToast, useToast } from './components/use-toast';
export type { ToastOptions, ToasterToast } from './components/use-toast';

export { Avatar, AvatarImage, AvatarFallback, UserAvatar } from './components/avatar';
export type { UserAvatarProps, UserAvatarSize } from './components/avatar';

export { Badge, badgeVariants, CategoryBadge } from './components/badge';
export type { BadgeProps, CategoryBadgeProps } from './components/badge';

export { Skeleton } from './components/skeleton';
export { Separator } from './components/separator';
export type { SeparatorProps } from './components/separator';
export { VisuallyHidden } from './components/visually-hidden';

export { EmptyState } from './components/empty-state';
export type { EmptyStateProps } from './components/empty-state';
export { ComingSoonCard } from './components/coming-soon-card';
export type { ComingSoonCardProps } from './components/coming-soon-card';
export { StarRating } from './components/star-rating';
export type { StarRatingProps, StarRatingSize } from './components/star-rating';
