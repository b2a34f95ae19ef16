import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The trailer, behind a button: an embedded player downloads about a megabyte before anyone presses play, and the
 * embed URL autoplays, so the frame loads only when the viewer asks for it (mobile data is costly).
 */
export function Trailer({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="trailer-heading" className="grid gap-3">
      <h2 id="trailer-heading" className="text-xl font-bold">
        {t('catalog.trailer')}
      </h2>
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
        {open ? (
          <iframe
            src={url}
            title={t('catalog.trailerOf', { title })}
            loading="lazy"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="size-full border-0"
          />
        ) : (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="flex size-full flex-col items-center justify-center gap-2 text-white hover:bg-white/5"
          >
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary">
              <Play className="size-6 fill-current" aria-hidden="true" />
            </span>
            <span className="font-semibold">{t('catalog.playTrailer')}</span>
          </button>
        )}
      </div>
    </section>
  );
}
