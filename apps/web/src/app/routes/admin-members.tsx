import { CreateMemberForm } from '@/features/staff/components/create-member-form';
import { MembersTable } from '@/features/staff/components/members-table';
import { Hero } from '@/components/hero';

export function Component() {
  return (
    <>
      <Hero title="Members" subtitle="Find a member, change their access, or add someone who bought through a partner." />
      <MembersTable />
      <CreateMemberForm />
    </>
  );
}
