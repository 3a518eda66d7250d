import { useJournalTags } from '../api/get-journal-tags';
import { usePlaybooks } from '../api/get-playbooks';
import type { TradeDeskJournalFilter } from '../utils/tradedesk-calls';
import { PlaybookOptions } from './playbook-options';

/** `wanted`: false keeps the choices' calls (playbooks, tags) unsent until the page is on screen. */
type Props = { value: TradeDeskJournalFilter; onChange: (next: TradeDeskJournalFilter) => void; wanted: boolean };

/**
 * TradeDesk's filters by what the journal says (issue #24): the calendar's days and the latest
 * trades count only the trades under the playbook and carrying the tag chosen.
 */
export function TradeDeskJournalFilters({ value, onChange, wanted }: Props) {
  const playbooks = usePlaybooks(wanted);
  const tags = useJournalTags(wanted);
  return (
    <>
      <div className="field">
        <label htmlFor="tradedesk-playbook">Playbook</label>
        <select id="tradedesk-playbook" value={value.playbook} onChange={(event) => onChange({ ...value, playbook: event.target.value })}>
          <PlaybookOptions playbooks={playbooks} chosen={value.playbook} />
        </select>
      </div>
      <div className="field">
        <label htmlFor="tradedesk-tag">Tag</label>
        <select id="tradedesk-tag" value={value.tag} onChange={(event) => onChange({ ...value, tag: event.target.value })}>
          <option value="">All tags</option>
          {(tags.data?.data ?? []).map(({ tag }) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
