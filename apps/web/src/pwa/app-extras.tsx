import { cn } from '@yardsale/ui';

import { InstallCard } from '../components/install/install-card';
import { InstallModal } from '../components/install/install-modal';
import { IosInstallBanner } from '../components/install/ios-install-banner';
import { useInstallPrompts } from '../components/install/use-install-prompts';
import { UpdateNotice } from './update-notice';
import { useAppUpdate } from './use-app-update';

/** Loaded after the page (see installable-app.tsx): the update notice and the install prompts. */
export default function AppExtras({ aboveTabBar }: { aboveTabBar: boolean }) {
  const update = useAppUpdate();
  const { prompt, install, dismiss } = useInstallPrompts();
  const startInstall = () => void install();

  return (
    <>
      {prompt.kind === 'ios' ? <IosInstallBanner device={prompt.device} onClose={dismiss} /> : null}
      {prompt.kind === 'modal' ? <InstallModal onInstall={startInstall} onLater={dismiss} /> : null}
      {update.updateReady || prompt.kind === 'card' ? (
        // Bottom left on wide screens, where toasts (bottom right) do not cover it; above the
        // tab bar on phones.
        <div
          className={cn(
            'pointer-events-none fixed inset-x-0 z-40 flex flex-col gap-3 p-4 sm:right-auto sm:w-[24rem] sm:p-6',
            aboveTabBar ? 'bottom-16 md:bottom-0' : 'bottom-0',
          )}
        >
          {update.updateReady ? (
            <UpdateNotice onReload={update.reload} onDismiss={update.dismiss} />
          ) : null}
          {prompt.kind === 'card' ? (
            <InstallCard onInstall={startInstall} onLater={dismiss} />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
