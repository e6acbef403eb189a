import { useSelector } from 'react-redux';
import { selectIsPending, selectIsPendingAbout, selectPendingCount, type WriteQueueState } from './write-queue-slice';

// Typed by the one slice it reads, not by the app's whole state: the store (shared/store) is built from this folder.
type WithWriteQueue = { writeQueue: WriteQueueState };

/** Whether a write about this (`habit:<id>:<date>`, `journal:<id>`, `activity:<id>`) waits to be sent. */
export const useIsPending = (subject: string): boolean => useSelector((state: WithWriteQueue) => selectIsPending(state, subject));

/** Whether any write about a kind of thing (`habit:`) waits to be sent. */
export const useIsPendingAbout = (prefix: string): boolean => useSelector((state: WithWriteQueue) => selectIsPendingAbout(state, prefix));

/** How many of the member's writes wait to be sent. */
export const usePendingCount = (): number => useSelector((state: WithWriteQueue) => selectPendingCount(state));

/** "3 changes", "1 change". */
export const changesText = (count: number): string => `${count} ${count === 1 ? 'change' : 'changes'}`;
