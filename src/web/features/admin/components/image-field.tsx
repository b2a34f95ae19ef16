import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { checkImageFile, uploadImage } from '../api/images';

/**
 * A thumbnail picker: checks the type (JPEG, PNG, GIF, WebP) and size (under 5 MB) before sending (docs/product/admin.md
 * §5 "Image"), uploads to /api/admin/images and hands back the stored image's URL. The server decodes the
 * file again; its refusal shows as 'Error uploading image' with its text.
 */
export function ImageField({ label, value, onChange, invalid }: { label: string; value: string | null; onChange: (url: string | null) => void; invalid?: boolean }) {
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
        <div className="grid min-w-0 flex-1 gap-1">
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            aria-invalid={invalid || undefined}
            disabled={busy}
            onChange={(e) => void onFile(e.currentTarget)}
            className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          />
          <p className="text-xs text-muted-foreground" role="status">{busy ? t('admin.imageUploading') : t('admin.imageHint')}</p>
        </div>
      </div>
    </div>
  );
}
