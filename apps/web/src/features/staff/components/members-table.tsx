import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { momentLabel, countOf } from '@th/domain';
import { StaffMemberListQuery } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Pager } from '@/components/pager';
import { Field, SelectField } from '@/components/field';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import { useMembers, type MemberFilters } from '../api/members';
import { TableWrap } from '@/components/table-wrap';
import styles from './staff.module.css';
import { TableHead } from '@/components/table-head';
import { paths } from '@/config/paths';

const when = (iso: string | null) => (iso ? (momentLabel(iso) ?? 'Never') : 'Never');

/** The list's query as the search form fills it: "All" asks for every status. */
const FiltersSchema = readingFields(StaffMemberListQuery.pick({ search: true, status: true }), {
  status: (value) => (value === '' ? undefined : value),
});
const NO_FILTERS: Pick<MemberFilters, 'search' | 'status'> = { search: '', status: '' };

/** Searchable, paginated member list: the staff console's front page. */
export function MembersTable() {
  const [filters, setFilters] = useState<MemberFilters>({ ...NO_FILTERS, page: 1 });
  const form = useContractForm(FiltersSchema, NO_FILTERS);
  const errors = form.formState.errors;
  const { data, error, isPending, isFetching } = useMembers(filters);

  // A search the server refuses (422) says why under its field.
  useEffect(() => {
    if (error) showServerErrors(form, error);
  }, [error, form]);

  const apply = form.handleSubmit(({ search, status }) => setFilters({ search: search ?? '', status: status ?? '', page: 1 }));

  return (
    <section aria-labelledby="members-title">
      <form className={styles.filters} onSubmit={apply} role="search" noValidate>
        <Field label="Search" type="search" placeholder="Name or email" {...form.register('search')} error={errors.search?.message} />
        <SelectField label="Status" {...form.register('status')} error={errors.status?.message}>
          <option value="">All</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </SelectField>
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
              <TableHead columns={['Name', 'Email', 'Status', 'Plan', 'Vendor', 'Last login', { label: 'Linked accounts', className: 'num' }]} />
              <tbody>
                {data.data.map((member) => (
                  <tr key={member.id}>
                    <td>
                      <Link to={paths.staffMember(member.id)}>{member.name}</Link>
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
          <Pager
            label="Members pages"
            page={data.meta.page}
            totalPages={data.meta.total_pages}
            summary={` · ${countOf(data.meta.total, 'member')}`}
            onPage={(page) => setFilters({ ...filters, page })}
          />
        </>
      ) : null}
    </section>
  );
}
