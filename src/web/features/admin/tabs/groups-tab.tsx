import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { GROUP_PREVIEW_MOVIES, MIN_GROUP_MOVIES, type AdminGroup } from '../../../../shared/contracts/admin';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useAdminGroups, useGroupMutations } from '../api/groups';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ImageField } from '../components/image-field';

/** A group card's preview (docs/product/admin.md §2): the first 3 movies, then how many more ('+ N more', 0 when none). */
export function groupPreview<T>(movies: readonly T[], total = movies.length): { shown: T[]; more: number } {
  const shown = movies.slice(0, GROUP_PREVIEW_MOVIES);
  return { shown, more: Math.max(0, total - shown.length) };
}

/** Whether a new group can be created (docs/product/admin.md §5): a non-empty title and at least 2 movies. */
export function canCreateGroup(title: string, movieIds: readonly string[]): boolean {
  return title.trim().length > 0 && new Set(movieIds).size >= MIN_GROUP_MOVIES;
}

/**
 * Custom Groups (docs/product/admin.md §2, §4, §5, §8): the list with a preview of each group, create (title and at
 * least 2 movies), edit (title required; add and remove movies), delete. The list reloads on any group event
 * (the admin route listens to /api/events).
 */
export function GroupsTab({ movies }: { movies: AdminMovie[] }) {
  const { t } = useTranslation();
  const groups = useAdminGroups();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminGroup | null>(null);
  const m = useGroupMutations();

  useEffect(() => {
    if (groups.isError) toast.error(t('admin.groupsLoadFailed'), { description: errorMessage(t, groups.error) || t('admin.groupsLoadFailedText') });
  }, [groups.isError, groups.error, t]);
  const editingGroup = groups.data?.find((g) => g.id === editing) ?? null;

  return (
    <div className="grid gap-6">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('admin.groupsTitle')}</h2>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> {t('admin.newGroup')}
        </Button>
      </div>
      {creating && <GroupCreateForm movies={movies} onDone={() => setCreating(false)} />}
      {groups.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : groups.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('admin.groupsLoadFailedText')}
        </p>
      ) : groups.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.noGroups')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {groups.data.map((g) => {
            const { shown, more } = groupPreview(g.preview.length ? g.preview : g.movies, g.movieCount);
            return (
              <li key={g.id} className="grid content-start gap-2 rounded-xl border p-4" data-testid="group-card">
                <h3 className="font-semibold">{g.title}</h3>
                {g.description && <p className="line-clamp-2 text-sm text-muted-foreground">{g.description}</p>}
                <ul className="grid gap-1 text-sm">
                  {shown.map((mv) => (
                    <li key={mv.id} className="truncate">
                      • {mv.title}
                    </li>
                  ))}
                  {more > 0 && <li className="text-muted-foreground">{t('admin.moreMovies', { count: more })}</li>}
                </ul>
                <div className="flex gap-1">
                  <Button size="sm" variant="outline" onClick={() => setEditing(g.id)} aria-label={t('admin.editTitle', { title: g.title })}>
                    <Pencil aria-hidden="true" /> {t('admin.edit')}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDeleting(g)} aria-label={t('admin.deleteTitle', { title: g.title })}>
                    <Trash2 aria-hidden="true" /> {t('admin.delete')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editingGroup && <GroupEditDialog group={editingGroup} movies={movies} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('admin.deleteGroupTitle', { title: deleting?.title ?? '' })}
        description={t('admin.deleteGroupText')}
        confirmLabel={t('admin.delete')}
        busy={m.remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          m.remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('admin.groupDeleted'));
              setDeleting(null);
            },
            onError: (error) => toast.error(t('admin.groupDeleteFailed'), { description: errorMessage(t, error) }),
          });
        }}
      />
    </div>
  );
}

function MoviePicker({ movies, selected, onToggle, exclude = [] }: { movies: AdminMovie[]; selected: readonly string[]; onToggle: (id: string) => void; exclude?: readonly string[] }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const list = useMemo(() => movies.filter((m) => !exclude.includes(m.id) && m.title.toLowerCase().includes(q.trim().toLowerCase())), [movies, exclude, q]);
  return (
    <div className="grid gap-2">
      <Input type="search" aria-label={t('admin.searchMovies')} placeholder={t('admin.searchMovies')} value={q} onChange={(e) => setQ(e.target.value)} />
      <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-md border p-2" aria-label={t('admin.chooseMovies')}>
        {list.length === 0 && <li className="text-sm text-muted-foreground">{t('admin.noMovies')}</li>}
        {list.map((m) => (
          <li key={m.id}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={selected.includes(m.id)} onChange={() => onToggle(m.id)} />
              {m.title}
              {m.year && <span className="text-xs text-muted-foreground">({m.year})</span>}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

function GroupCreateForm({ movies, onDone }: { movies: AdminMovie[]; onDone: () => void }) {
  const { t } = useTranslation();
  const m = useGroupMutations();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [thumbnailUrl, setThumbnailUrl] = useState<string | null>(null);
  const [ids, setIds] = useState<string[]>([]);
  const ready = canCreateGroup(title, ids);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    try {
      await m.create.mutateAsync({ title: title.trim(), description: description.trim(), thumbnailUrl, movieIds: ids });
      toast.success(t('admin.groupCreated'));
      onDone();
    } catch (error) {
      toast.error(t('admin.groupCreateFailed'), { description: errorMessage(t, error) });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.newGroup')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label={t('admin.newGroup')}>
          <div className="grid gap-1">
            <Label htmlFor="group-title">{t('admin.groupTitle')}</Label>
            <Input id="group-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="group-description">{t('admin.description')}</Label>
            <Textarea id="group-description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <ImageField label={t('groupThumbnail.label')} value={thumbnailUrl} onChange={setThumbnailUrl} />
          </div>
          <MoviePicker movies={movies} selected={ids} onToggle={(id) => setIds((old) => (old.includes(id) ? old.filter((x) => x !== id) : [...old, id]))} />
          <p className="text-xs text-muted-foreground">{t('admin.groupHint', { count: ids.length })}</p>
          <div className="flex gap-2">
            <Button type="submit" disabled={!ready || m.create.isPending}>
              {t('admin.createGroup')}
            </Button>
            <Button variant="outline" onClick={onDone}>
              {t('admin.cancel')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function GroupEditDialog({ group, movies, onClose }: { group: AdminGroup; movies: AdminMovie[]; onClose: () => void }) {
  const { t } = useTranslation();
  const m = useGroupMutations();
  const [title, setTitle] = useState(group.title);
  const [description, setDescription] = useState(group.description);
  const [thumbnailUrl, setThumbnailUrl] = useState<string | null>(group.thumbnailUrl);
  const [adding, setAdding] = useState<string[]>([]);
  const memberIds = group.movies.map((x) => x.id);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return void toast.error(t('admin.groupUpdateFailed'), { description: t('admin.fieldError.required') });
    try {
      await m.update.mutateAsync({ id: group.id, body: { title: title.trim(), description: description.trim(), thumbnailUrl } });
      toast.success(t('admin.groupUpdated'));
      onClose();
    } catch (error) {
      toast.error(t('admin.groupUpdateFailed'), { description: errorMessage(t, error) });
    }
  };
  const addSelected = async () => {
    for (const movieId of adding) {
      try {
        await m.addMovie.mutateAsync({ id: group.id, movieId });
      } catch (error) {
        toast.error(t('admin.groupAddFailed'), { description: errorMessage(t, error) });
      }
    }
    setAdding([]);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('admin.editGroup')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={(e) => void save(e)} className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="edit-group-title">{t('admin.groupTitle')}</Label>
            <Input id="edit-group-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="edit-group-description">{t('admin.description')}</Label>
            <Textarea id="edit-group-description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <ImageField label={t('groupThumbnail.label')} value={thumbnailUrl} onChange={setThumbnailUrl} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={!title.trim() || m.update.isPending}>
              {t('admin.save')}
            </Button>
          </div>
        </form>
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('admin.groupMovies', { count: group.movies.length })}</h3>
          <ul className="grid gap-1" aria-label={t('admin.groupMovies', { count: group.movies.length })}>
            {group.movies.map((mv) => (
              <li key={mv.id} className="flex items-center justify-between gap-2 rounded-md border px-2 py-1 text-sm">
                {mv.title}
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  aria-label={t('admin.removeFromGroup', { title: mv.title })}
                  onClick={() => m.removeMovie.mutate({ id: group.id, movieId: mv.id }, { onError: (error) => toast.error(t('admin.groupRemoveFailed'), { description: errorMessage(t, error) }) })}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <h3 className="text-sm font-semibold">{t('admin.addMovies')}</h3>
          <MoviePicker movies={movies} exclude={memberIds} selected={adding} onToggle={(id) => setAdding((old) => (old.includes(id) ? old.filter((x) => x !== id) : [...old, id]))} />
          <Button variant="outline" className="w-fit" disabled={adding.length === 0 || m.addMovie.isPending} onClick={() => void addSelected()}>
            {t('admin.addToGroup')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export default GroupsTab;
