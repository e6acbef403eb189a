import { useAppSelector } from '../../app/hooks';
import { selectIsPending, selectPendingCount } from './write-queue-slice';

/** Whether a write about this (`habit:<id>:<date>`, `journal:<id>`, `activity:<id>`) waits to be sent. */
export const useIsPending = (subject: string): boolean => useAppSelector((state) => selectIsPending(state, subject));

/** How many of the member's writes wait to be sent. */
export const usePendingCount = (): number => useAppSelector(selectPendingCount);

/** "3 changes", "1 change". */
export const changesText = (count: number): string => `${count} ${count === 1 ? 'change' : 'changes'}`;
