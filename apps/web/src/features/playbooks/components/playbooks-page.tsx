import { useState } from 'react';
import { Link } from 'react-router';
import type { Playbook } from '@th/contracts/playbooks';
import { countOf } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useDeletePlaybook } from '../api/delete-playbook';
import { usePlaybooks } from '../api/get-playbooks';
import { PlaybookForm } from './playbook-form';
import styles from './playbooks.module.css';

function PlaybookCard({ playbook }: { playbook: Playbook }) {
  const [mode, setMode] = useState<'read' | 'edit' | 'delete'>('read');
  const remove = useDeletePlaybook();
  if (mode === 'edit') {
    return (
      <Card title={playbook.name}>
        <PlaybookForm playbook={playbook} onDone={() => setMode('read')} />
      </Card>
    );
  }
  return (
    <Card
      title={playbook.name}
      actions={
        <>
          <Button variant="secondary" aria-label={`Edit ${playbook.name}`} onClick={() => setMode('edit')}>
            Edit
          </Button>
          <Button variant="secondary" aria-label={`Delete ${playbook.name}`} onClick={() => setMode('delete')}>
            Delete
          </Button>
        </>
      }
    >
      {playbook.description && <p className={styles.description}>{playbook.description}</p>}
      {playbook.rules.length === 0 ? (
        <p className="muted">No rules yet.</p>
      ) : (
        <ol className={styles.readRules} aria-label={`${playbook.name} rules`}>
          {playbook.rules.map((rule) => (
            <li key={rule.id}>{rule.text}</li>
          ))}
        </ol>
      )}
      <p className="muted">
        {playbook.trades === 0 ? 'No trades yet.' : (
          <Link to={`${paths.tradelog}?playbook=${playbook.id}`}>{countOf(playbook.trades, 'trade')} in the trade log</Link>
        )}
      </p>
      {mode === 'delete' && (
        <div className={styles.confirm} role="group" aria-label={`Delete ${playbook.name}?`}>
          <p>Delete {playbook.name}? Its trades stay in your journal, without a playbook.</p>
          {remove.isError && <Alert tone="error">{describeError(remove.error, 'The playbook could not be deleted.')}</Alert>}
          <div className="form-actions">
            <Button variant="secondary" onClick={() => setMode('read')} disabled={remove.isPending}>
              Keep it
            </Button>
            <Button variant="danger" busy={remove.isPending} busyLabel="Deleting…" onClick={() => remove.mutate(playbook.id)}>
              Delete playbook
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

/** Issue #24: the member's setups, each with the rules ticked on its trades in the daily log. */
export function PlaybooksPage() {
  const playbooks = usePlaybooks();
  return (
    <>
      <Hero title="Playbooks" subtitle="Your setups and their rules: assign one to a trade in the daily log and tick the rules you followed.">
        <Link className="btn btn-secondary" to={paths.tradedesk}>
          Back to TradeDesk
        </Link>
      </Hero>
      <div className={styles.page}>
        <Card title="New playbook">
          <PlaybookForm playbook={null} />
        </Card>
        {playbooks.isPending && <Loading label="Loading playbooks…" />}
        {playbooks.isError && <Alert tone="error">{describeError(playbooks.error, 'Unable to load your playbooks.')}</Alert>}
        {playbooks.data?.data.length === 0 && <p className="muted">No playbooks yet: create your first setup above.</p>}
        {playbooks.data?.data.map((playbook) => (
          <PlaybookCard key={playbook.id} playbook={playbook} />
        ))}
      </div>
    </>
  );
}
