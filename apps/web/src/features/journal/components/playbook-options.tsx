import type { usePlaybooks } from '../api/get-playbooks';

type Props = { playbooks: ReturnType<typeof usePlaybooks>; chosen: string };

/**
 * A playbook filter's choices: all, then the member's playbooks. A playbook in the address stays
 * named while the list loads, or says it was deleted since.
 */
export function PlaybookOptions({ playbooks, chosen }: Props) {
  const list = playbooks.data?.data ?? [];
  return (
    <>
      <option value="">All playbooks</option>
      {chosen && !list.some((playbook) => playbook.id === chosen) && (
        <option value={chosen}>{playbooks.isPending ? 'Loading…' : 'Deleted playbook'}</option>
      )}
      {list.map((playbook) => (
        <option key={playbook.id} value={playbook.id}>
          {playbook.name}
        </option>
      ))}
    </>
  );
}
