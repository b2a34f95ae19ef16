import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { DELETE_CONFIRMATION, forgetViewer, useDeleteAccount } from '../api/delete-account';

/**
 * Danger Zone (docs/product/viewer.md §2): Delete Account asks "Are you absolutely sure?" (it cannot be undone, it
 * cancels the pass and removes all data) and the word DELETE, in the page's language (SUPPRIMER, SIBA). The deletion is real (ADR 011, replacing the
 * spec's "contact support"): afterwards the viewer is signed out and sent home.
 */
export function DangerZone() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const deleted = useRef(false);
  // The viewer is forgotten once this page has gone (home is on screen): forgetting them earlier would let the
  // sign-in guard of /settings send them to /login first.
  useEffect(
    () => () => {
      if (!deleted.current) return;
      forgetViewer(qc);
      toast.success(t('settings.accountDeleted'), { description: t('settings.accountDeletedText') });
    },
    [qc, t],
  );

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) setTyped('');
  };

  // The word the viewer types is their language's (SUPPRIMER, SIBA); the API's confirmation stays DELETE.
  const word = t('settings.deleteWord');
  const typedWord = typed.trim() === word;
  const confirm = async () => {
    try {
      await remove.mutateAsync(DELETE_CONFIRMATION);
    } catch (error) {
      toast.error(t('settings.deleteFailed'), { description: errorMessage(t, error) });
      return;
    }
    deleted.current = true;
    setOpen(false);
    void navigate('/', { replace: true });
  };

  return (
    <Card className="border-destructive/60">
      <CardHeader>
        <CardTitle className="text-destructive">{t('settings.dangerTitle')}</CardTitle>
        <CardDescription>{t('settings.dangerText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          {t('settings.deleteAccount')}
        </Button>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogContent closeLabel={t('common.close')} role="alertdialog">
            <DialogHeader>
              <DialogTitle>{t('settings.deleteConfirmTitle')}</DialogTitle>
              <DialogDescription>{t('settings.deleteConfirmText')}</DialogDescription>
            </DialogHeader>
            <form
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                if (typedWord) void confirm();
              }}
            >
              <div className="grid gap-2">
                <Label htmlFor="delete-confirm">{t('settings.deleteTypeLabel', { word })}</Label>
                <Input id="delete-confirm" autoComplete="off" autoCapitalize="characters" value={typed} onChange={(e) => setTyped(e.target.value)} disabled={remove.isPending} />
              </div>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
                  {t('settings.cancel')}
                </Button>
                <Button type="submit" variant="destructive" disabled={!typedWord || remove.isPending}>
                  {remove.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                  {t('settings.deleteForever')}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
