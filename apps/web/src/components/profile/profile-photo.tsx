import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Spinner,
  UserAvatar,
  toast,
} from '@yardsale/ui';
import { MAX_PROFILE_PICTURE_BYTES, UI_TEXT } from '@yardsale/validators';
import { CameraIcon, ImageUpIcon, Trash2Icon } from 'lucide-react';
import { useRef } from 'react';
import { z } from 'zod';

import { checkChosenPhoto } from '../../lib/chosen-photo';
import { serverMessage } from '../../lib/errors';
import { fullName } from '../../lib/session';
import { useSetSessionUser } from '../../lib/session-actions';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { uploadForm } from '../../lib/upload';

const M = UI_TEXT.profilePicture;
const uploadResponseSchema = z.object({ profilePicture: z.string() });

/** The profile's avatar with upload (REST multipart) and remove. */
export function ProfilePhoto({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setSessionUser = useSetSessionUser();
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('profilePicture', file);
      const answer = await uploadForm('/api/user/profile-picture', body, M.uploadFailedFallback);
      return uploadResponseSchema.parse(answer);
    },
    onSuccess: ({ profilePicture }) => {
      queryClient.setQueryData(trpc.auth.me.queryKey(), (current) =>
        current ? { ...current, profilePicture } : current,
      );
      toast({ variant: 'success', title: M.updatedTitle });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: M.uploadFailedTitle,
        description: serverMessage(error) ?? M.uploadFailedFallback,
      });
    },
  });

  const remove = useMutation(
    trpc.account.removeProfilePicture.mutationOptions({
      onSuccess: (updated) => {
        setSessionUser(updated);
        toast({ variant: 'success', title: M.removedTitle });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: M.removeFailedTitle,
          description: serverMessage(error) ?? M.removeFailedFallback,
        });
      },
    }),
  );

  const onFileChosen = async (file: File | undefined) => {
    if (!file) return;
    const problem = await checkChosenPhoto(file, MAX_PROFILE_PICTURE_BYTES);
    if (problem) {
      toast({ variant: 'destructive', title: problem.title, description: problem.description });
      return;
    }
    upload.mutate(file);
  };

  const busy = upload.isPending || remove.isPending;
  const name = fullName(user);
  const chooseFile = () => fileInput.current?.click();
  const cameraButton = (
    <Button
      type="button"
      size="icon"
      className="absolute right-0 bottom-0 rounded-full! ring-4 ring-card"
      disabled={busy}
      onClick={user.profilePicture ? undefined : chooseFile}
      aria-label={user.profilePicture ? 'Change profile picture' : 'Upload a profile picture'}
      title={user.profilePicture ? 'Change profile picture' : 'Upload a profile picture'}
    >
      <CameraIcon aria-hidden="true" className="size-5" />
    </Button>
  );

  return (
    <div className="relative">
      <UserAvatar src={user.profilePicture} name={name} size="2xl" framed />
      {busy ? (
        <div className="absolute inset-0 flex items-center justify-center rounded-full bg-stone-950/45 text-white">
          <Spinner size="lg" label={upload.isPending ? 'Uploading photo' : 'Removing photo'} />
        </div>
      ) : null}
      {user.profilePicture ? (
        // With a photo in place the camera offers both choices; without one it opens the picker.
        <DropdownMenu>
          <DropdownMenuTrigger asChild>{cameraButton}</DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem onSelect={chooseFile}>
              <ImageUpIcon aria-hidden="true" />
              Upload new photo
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={() => remove.mutate()}>
              <Trash2Icon aria-hidden="true" />
              Remove photo
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        cameraButton
      )}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        aria-label="Profile picture file"
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Clearing lets the same file be chosen again after a refusal.
          event.target.value = '';
          void onFileChosen(file);
        }}
      />
    </div>
  );
}
