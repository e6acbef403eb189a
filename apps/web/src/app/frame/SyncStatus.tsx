import { Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../shared/store/hooks';
import { changesText, usePendingCount } from '../../shared/offline/write-queue-hooks';
import { messagesRead, selectSyncMessages } from '../../shared/offline/write-queue-slice';

/** "3 changes waiting to sync": how many of the member's writes wait in the queue (nothing when none). */
export function PendingWritesBadge() {
  const count = usePendingCount();
  return count > 0 ? (
    <span className="pending-writes" data-testid="pending-writes">
      {changesText(count)} waiting to sync
    </span>
  ) : null;
}

/**
 * After a sync, what could not be sent and why (a refusal's own words, a conflict's rule), until the member closes
 * it; a sync that sent everything says nothing.
 */
export function SyncProblems() {
  const messages = useAppSelector(selectSyncMessages);
  const dispatch = useAppDispatch();
  return (
    <div className="sync-problems" role="status" aria-live="polite">
      {messages.length > 0 ? (
        <div className="sync-problems__box">
          <strong className="sync-problems__title">
            {messages.length === 1 ? 'One change made offline needs your attention' : 'Some changes made offline need your attention'}
          </strong>
          <ul className="sync-problems__list">
            {messages.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
          <Button onClick={() => dispatch(messagesRead())}>Got it</Button>
        </div>
      ) : null}
    </div>
  );
}
