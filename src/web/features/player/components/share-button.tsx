import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';

/**
 * Share (docs/product/viewer.md §2 "/episode/...": Share Episode): the Web Share API where the browser has it (phones),
 * else the page's link copied to the clipboard with a toast. A share the viewer cancels says nothing.
 */
export function ShareButton({ title, url, label, className }: { title: string; url?: string; label?: string; className?: string }) {
  const { t } = useTranslation();
  const onClick = async () => {
    const link = url ?? window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: link });
        return;
      } catch (e) {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        // Share refused (e.g. not allowed here): fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('player.linkCopied'), { description: link });
    } catch {
      toast.error(t('player.copyFailed'), { description: link });
    }
  };
  return (
    <Button variant="outline" size="sm" className={className} onClick={() => void onClick()}>
      <Share2 aria-hidden="true" />
      {label ?? t('player.share')}
    </Button>
  );
}
