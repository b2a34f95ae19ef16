import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import type { AdminUser } from '../../../../shared/contracts/admin';
import { PLAN_IDS } from '../../../../shared/domain/plans';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { isMissingRoute } from '../api/keys';
import { usePeopleMutations, useAdminUsers } from '../api/people';
import { formatDate } from '../../../lib/format';

/**
 * Which role action the signed-in person may take on a user (ADR 010 "Roles"): only a super_admin changes roles,
 * never their own and never another super_admin's; 'grant' makes a user admin, 'remove' makes an admin a user.
 */
export function roleAction(me: { id: string; role: string }, user: { id: string; role: string }): 'grant' | 'remove' | null {
  if (me.role !== 'super_admin' || me.id === user.id || user.role === 'super_admin') return null;
  return user.role === 'admin' ? 'remove' : 'grant';
}

/** People (ADR 010): users with search and role filter; role changes (super_admin only) and complimentary passes. */
export function PeopleTab({ me }: { me: SessionUser }) {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const [granting, setGranting] = useState<AdminUser | null>(null);
  useEffect(() => {
    const h = setTimeout(() => {
      setDebounced(q.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(h);
  }, [q]);
  const users = useAdminUsers({ q: debounced, role, page });
  const { setRole: changeRole } = usePeopleMutations();

  if (users.isError && isMissingRoute(users.error)) {
    return (
      <p role="status" className="rounded-xl border p-6 text-center text-sm text-muted-foreground">
        {t('admin.notAvailableYet')}
      </p>
    );
  }
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  const onRole = (u: AdminUser, action: 'grant' | 'remove') =>
    changeRole.mutate(
      { id: u.id, role: action === 'grant' ? 'admin' : 'user' },
      {
        onSuccess: () => toast.success(t(action === 'grant' ? 'admin.adminGranted' : 'admin.adminRemoved', { email: u.email })),
        onError: (error) => toast.error(t('admin.roleChangeFailed'), { description: errorMessage(t, error) }),
      },
    );

  return (
    <section className="grid gap-4" aria-labelledby="people-title">
      <h2 id="people-title" className="text-lg font-semibold">
        {t('admin.peopleTitle')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Input type="search" className="max-w-xs" aria-label={t('admin.searchPeople')} placeholder={t('admin.searchPeople')} value={q} onChange={(e) => setQ(e.target.value)} />
        <select
          aria-label={t('admin.roleFilter')}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          value={role}
          onChange={(e) => {
            setRole(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('admin.allRoles')}</option>
          {(['user', 'translator', 'admin', 'super_admin'] as const).map((r) => (
            <option key={r} value={r}>
              {t(`admin.roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      {users.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : users.isError ? (
        <p role="alert" className="text-sm text-destructive">{errorMessage(t, users.error)}</p>
      ) : users.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.noPeople')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted text-left">
              <tr>
                <th className="p-2">{t('admin.email')}</th>
                <th className="p-2">{t('admin.name')}</th>
                <th className="p-2">{t('admin.joined')}</th>
                <th className="p-2">{t('admin.roleLabel')}</th>
                <th className="p-2">{t('admin.currentPass')}</th>
                <th className="p-2">
                  <span className="sr-only">{t('admin.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.items.map((u) => {
                const action = roleAction(me, u);
                return (
                  <tr key={u.id} className="border-t" data-testid="person-row">
                    <td className="p-2">{u.email}</td>
                    <td className="p-2">{u.fullName || u.name}</td>
                    <td className="p-2 whitespace-nowrap">{formatDate(u.joinedAt, i18n.language)}</td>
                    <td className="p-2" data-testid="person-role">
                      <Badge variant={u.role === 'user' ? 'outline' : 'default'}>{t(`admin.roles.${u.role}`)}</Badge>
                    </td>
                    <td className="p-2">
                      {u.pass ? (
                        <span className={u.pass.active ? '' : 'text-muted-foreground'}>
                          {t(`plans.${u.pass.plan}.name`)} · {u.pass.active ? t('admin.passUntil', { date: formatDate(u.pass.expiresAt, i18n.language) }) : t('admin.passExpired')}
                          {u.pass.source === 'complimentary' && ` · ${t('admin.complimentary')}`}
                        </span>
                      ) : (
                        <span className="text-muted-foreground">{t('admin.noPass')}</span>
                      )}
                    </td>
                    <td className="p-2">
                      <div className="flex flex-wrap justify-end gap-1">
                        {action && (
                          <Button size="sm" variant={action === 'grant' ? 'default' : 'outline'} disabled={changeRole.isPending} onClick={() => onRole(u, action)}>
                            {t(action === 'grant' ? 'admin.makeAdmin' : 'admin.removeAdmin')}
                          </Button>
                        )}
                        <Button size="sm" variant="outline" onClick={() => setGranting(u)}>
                          {t('admin.grantPass')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('admin.previous')}
          </Button>
          <span>{t('admin.pageOf', { page, pages })}</span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('admin.next')}
          </Button>
        </div>
      )}
      {granting && <GrantPassDialog user={granting} onClose={() => setGranting(null)} />}
    </section>
  );
}

function GrantPassDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { grantPass } = usePeopleMutations();
  const [plan, setPlan] = useState<string>(PLAN_IDS[0]);
  const [note, setNote] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    grantPass.mutate(
      { id: user.id, plan, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(t('admin.passGranted', { email: user.email }));
          onClose();
        },
        onError: (error) => toast.error(t('admin.passGrantFailed'), { description: errorMessage(t, error) }),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('admin.grantPass')}</DialogTitle>
          <DialogDescription>{t('admin.grantPassText', { email: user.email })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="grant-plan">{t('admin.plan')}</Label>
            <select id="grant-plan" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={plan} onChange={(e) => setPlan(e.target.value)}>
              {PLAN_IDS.map((p) => (
                <option key={p} value={p}>
                  {t(`plans.${p}.name`)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="grant-note">{t('admin.note')}</Label>
            <Textarea id="grant-note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" disabled={grantPass.isPending}>
              {t('admin.grantPass')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default PeopleTab;
