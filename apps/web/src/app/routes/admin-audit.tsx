import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { AuditTable } from '@/features/staff/components/audit-table';

export function Component() {
  return (
    <>
      <Hero title="Audit log" subtitle="Every change made from the staff console: who, what, when, before and after." />
      <Card>
        <AuditTable />
      </Card>
    </>
  );
}
