import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-message';
import { checkImageFile, uploadImage } from '../api/images';

/**
 * A thumbnail picker: checks the type (JPEG, PNG, GIF, WebP) and size (under 5 MB) before sending (docs/product/admin.md
 * §5 "Image"), uploads to /api/admin/images and hands back the stored image's URL. The server decodes the
 * file again; its refusal shows as 'Error uploading image' with its text. The browser's own file box ("No file
 * chosen") is hidden: a button chooses or replaces the image beside its preview, and `hint` (default: the accepted
 * types and size) says what happens without one. `removable` offers to remove a chosen image (onChange(null)).
 */
export function ImageField({ label, value, onChange, invalid, hint, removable = false }: { label: string; value: string | null; onChange: (url: string | null) => void; invalid?: boolean; hint?: string; removable?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(t(`admin.${problem}`));
      return;
    }
    setBusy(true);
    try {
      const image = await uploadImage(file);
      onChange(image.url);
    } catch (error) {
      toast.error(t('admin.imageUploadFailed'), { description: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-3">
        {value ? (
          <img src={value} alt="" className="h-20 w-14 rounded-md border object-cover" data-testid="thumbnail-preview" />
        ) : (
          <div className="grid h-20 w-14 place-items-center rounded-md border border-dashed text-muted-foreground" aria-hidden="true">
            <ImageUp className="size-5" />
          </div>
        )}
        <div className="grid min-w-0 flex-1 justify-items-start gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              aria-invalid={invalid || undefined}
              aria-describedby={`${id}-hint`}
              disabled={busy}
              onChange={(e) => void onFile(e.currentTarget)}
              className="peer sr-only"
            />
            <label htmlFor={id} aria-hidden="true" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:pointer-events-none peer-disabled:opacity-50')}>
              {value ? t('admin.replaceImage') : t('admin.chooseImage')}
            </label>
            {removable && value && (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
                {t('admin.removeImage')}
              </Button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground" role="status">
            {busy ? t('admin.imageUploading') : (hint ?? t('admin.imageHint'))}
          </p>
        </div>
      </div>
    </div>
  );
}
