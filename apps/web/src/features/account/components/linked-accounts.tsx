import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LinkedAccount } from '@th/contracts';
import { paths } from '@/config/paths';
import { LinkedAccountTile } from './linked-account-tile';
import styles from './account.module.css';

type Props = {
  accounts: LinkedAccount[];
  membershipActive: boolean;
  timeZone: string | null;
  onChanged: () => void;
  /** What another feature says about one account (the Risk Manager's lock), shown on its tile. */
  accountNotice?: (accountId: string) => ReactNode;
};

/** 'Linked trading accounts': one tile per account, then the tile to link another. */
export function LinkedAccounts({ accounts, membershipActive, timeZone, onChanged, accountNotice }: Props) {
  return (
    <section className={styles.linkedAccounts} aria-labelledby="linked-accounts-title">
      <h2 id="linked-accounts-title">Linked trading accounts</h2>
      <ul className={styles.tiles}>
        {accounts.map((account) => (
          <LinkedAccountTile key={account.id} account={account} timeZone={timeZone} onChanged={onChanged} notice={accountNotice?.(account.id)} />
        ))}
        <li className={`${styles.tile} ${styles.tileLink}`}>
          {membershipActive ? (
            <Link to={paths.accountLink()} className={styles.tileLinkAction}>
              <span aria-hidden="true" className={styles.tilePlus}>
                +
              </span>
              Link trading account
            </Link>
          ) : (
            <p className="muted">Reactivate membership to link new accounts</p>
          )}
        </li>
      </ul>
    </section>
  );
}
