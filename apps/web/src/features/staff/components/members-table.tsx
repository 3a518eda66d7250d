import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { momentLabel, countOf } from '@th/domain';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useMembers, type MemberFilters } from '../api/members';
import { TableWrap } from '@/components/table-wrap';
import styles from './staff.module.css';

const when = (iso: string | null) => (iso ? (momentLabel(iso) ?? 'Never') : 'Never');

/** Searchable, paginated member list: the staff console's front page. */
export function MembersTable() {
  const [filters, setFilters] = useState<MemberFilters>({ search: '', status: '', page: 1 });
  const [draft, setDraft] = useState({ search: '', status: '' as MemberFilters['status'] });
  const { data, error, isPending, isFetching } = useMembers(filters);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, search: draft.search.trim(), page: 1 });
  };

  return (
    <section aria-labelledby="members-title">
      <form className={styles.filters} onSubmit={apply} role="search">
        <div className="field">
          <label htmlFor="member-search">Search</label>
          <input
            id="member-search"
            type="search"
            placeholder="Name or email"
            value={draft.search}
            onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="member-status">Status</label>
          <select
            id="member-status"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as MemberFilters['status'] })}
          >
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </div>
        <Button type="submit" busy={isFetching && !isPending} busyLabel="Searching…">
          Search
        </Button>
      </form>
      {error && <Alert tone="error">{describeError(error, 'Unable to load members.')}</Alert>}
      {isPending ? (
        <Loading label="Loading members…" />
      ) : data && data.data.length === 0 ? (
        <p className="muted">No members match this search.</p>
      ) : data ? (
        <>
          <TableWrap label="Members">
            <table className="data">
              <caption className="visually-hidden" id="members-title">
                Members
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Vendor</th>
                  <th scope="col">Last login</th>
                  <th scope="col" className="num">
                    Linked accounts
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((member) => (
                  <tr key={member.id}>
                    <td>
                      <Link to={`/admin/members/${member.id}`}>{member.name}</Link>
                      {member.roles.map((role) => (
                        <span key={role} className={styles.role}>
                          {role}
                        </span>
                      ))}
                    </td>
                    <td>{member.email}</td>
                    <td>
                      <Badge tone={member.status === 'active' ? 'green' : 'orange'}>{member.status}</Badge>
                      {member.invite_pending && <span className="muted"> · invite pending</span>}
                    </td>
                    <td>{member.plan ?? '—'}</td>
                    <td>{member.vendor ?? '—'}</td>
                    <td>{when(member.last_login)}</td>
                    <td className="num">{member.linked_accounts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <nav className={styles.pager} aria-label="Members pages">
            <Button variant="secondary" disabled={filters.page <= 1} onClick={() => setFilters({ ...filters, page: filters.page - 1 })}>
              Previous
            </Button>
            <span>
              Page {data.meta.page} of {data.meta.total_pages} · {countOf(data.meta.total, 'member')}
            </span>
            <Button
              variant="secondary"
              disabled={filters.page >= data.meta.total_pages}
              onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
            >
              Next
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
